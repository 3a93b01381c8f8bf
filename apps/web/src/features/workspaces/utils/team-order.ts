import { TEAM_NUMBER_MIN, TEAM_ORDER_STORAGE_PREFIX, teamNumberForm } from '@teamshuffle/domain';

/** One entry of PUT /api/workspaces/order. */
export interface OrderItem {
  workspaceId: string;
  teamNumber: number;
}

interface Numbered {
  id: string;
  teamNumber: number;
  displayOrder: number;
}

/** Numbers the cards 1..n in their current order (spec part 1, section 4: displayOrder = number - 1). */
export function renumber<T extends Numbered>(cards: readonly T[]): T[] {
  return cards.map((card, index) => ({ ...card, teamNumber: index + 1, displayOrder: index }));
}

/** Every card's number, as the order endpoint takes them (sent in full after a drag). */
export function applyNumbers(cards: readonly Numbered[]): OrderItem[] {
  return cards.map((card) => ({ workspaceId: card.id, teamNumber: card.teamNumber }));
}

/** A drag: the card `activeId` takes the place of `overId`, then everything is renumbered. */
export function moveCard<T extends Numbered>(
  cards: readonly T[],
  activeId: string,
  overId: string,
): T[] {
  const from = cards.findIndex((card) => card.id === activeId);
  const to = cards.findIndex((card) => card.id === overId);
  if (from === -1 || to === -1 || from === to) return [...cards];
  const next = [...cards];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return renumber(next);
}

/**
 * The '#' button: the card takes number `teamNumber`, the others close up around it, and all are
 * numbered 1..n again. A number past the end puts the card last.
 */
export function moveToNumber<T extends Numbered>(
  cards: readonly T[],
  id: string,
  teamNumber: number,
): T[] {
  const from = cards.findIndex((card) => card.id === id);
  if (from === -1) return [...cards];
  const next = [...cards];
  const [moved] = next.splice(from, 1);
  const to = Math.min(Math.max(teamNumber, TEAM_NUMBER_MIN), cards.length) - 1;
  if (moved) next.splice(to, 0, moved);
  return renumber(next);
}

/** The cards whose number differs from before (what the '#' prompt sends). */
export function changedItems(before: readonly Numbered[], after: readonly Numbered[]): OrderItem[] {
  const previous = new Map(before.map((card) => [card.id, card.teamNumber]));
  return applyNumbers(after).filter((item) => previous.get(item.workspaceId) !== item.teamNumber);
}

/**
 * The number typed at the '#' prompt, or null when it is to be ignored (spec part 1, section 5:
 * a number greater than 0, else ignored).
 */
export function parseTeamNumber(input: string): number | null {
  // The '#' prompt's rule (teamNumberForm, the order API's number rule).
  const parsed = teamNumberForm.safeParse({ teamNumber: input });
  return parsed.success ? parsed.data.teamNumber : null;
}

/** The local-storage key of the browser's copy of a user's order (spec part 1, section 3). */
export function orderCacheKey(userId: string): string {
  return `${TEAM_ORDER_STORAGE_PREFIX}${userId}`;
}

/**
 * Mirrors the order in local storage. A cache only: the server's order is the truth and wins on
 * every load, so another device sees the same numbers. Failures are logged (spec part 1, section 8).
 */
export function writeOrderCache(userId: string, items: readonly OrderItem[]): void {
  try {
    const value = items.map((item) => ({
      teamId: item.workspaceId,
      teamNumber: item.teamNumber,
      displayOrder: item.teamNumber - 1,
    }));
    window.localStorage.setItem(orderCacheKey(userId), JSON.stringify(value));
  } catch (error) {
    console.warn('Could not save the team order in this browser', error);
  }
}
