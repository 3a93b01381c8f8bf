import { describe, expect, it } from 'vitest';
import {
  applyNumbers,
  changedItems,
  moveCard,
  moveToNumber,
  orderCacheKey,
  parseTeamNumber,
  renumber,
} from './team-order';

const cards = ['a', 'b', 'c', 'd'].map((id, index) => ({
  id,
  teamNumber: index + 1,
  displayOrder: index,
}));
const ids = (list: ReadonlyArray<{ id: string }>) => list.map((card) => card.id).join('');

describe('team order', () => {
  it('renumbers 1..n with displayOrder = number - 1', () => {
    const shuffled = renumber([cards[2]!, cards[0]!]);
    expect(shuffled).toEqual([
      { id: 'c', teamNumber: 1, displayOrder: 0 },
      { id: 'a', teamNumber: 2, displayOrder: 1 },
    ]);
  });

  it('a drag moves the card to the place of the one it is dropped on', () => {
    expect(ids(moveCard(cards, 'a', 'c'))).toBe('bcad');
    expect(ids(moveCard(cards, 'd', 'a'))).toBe('dabc');
    expect(moveCard(cards, 'd', 'a').map((card) => card.teamNumber)).toEqual([1, 2, 3, 4]);
    expect(ids(moveCard(cards, 'a', 'zz'))).toBe('abcd');
  });

  it('after a drag every card is sent', () => {
    expect(applyNumbers(moveCard(cards, 'b', 'a'))).toEqual([
      { workspaceId: 'b', teamNumber: 1 },
      { workspaceId: 'a', teamNumber: 2 },
      { workspaceId: 'c', teamNumber: 3 },
      { workspaceId: 'd', teamNumber: 4 },
    ]);
  });

  it("'#' puts the card at that number, a number past the end puts it last", () => {
    expect(ids(moveToNumber(cards, 'a', 3))).toBe('bcad');
    expect(ids(moveToNumber(cards, 'c', 1))).toBe('cabd');
    expect(ids(moveToNumber(cards, 'b', 99))).toBe('acdb');
    expect(ids(moveToNumber(cards, 'b', 2))).toBe('abcd');
  });

  it("'#' sends only the cards whose number changed", () => {
    expect(changedItems(cards, moveToNumber(cards, 'a', 2))).toEqual([
      { workspaceId: 'b', teamNumber: 1 },
      { workspaceId: 'a', teamNumber: 2 },
    ]);
    expect(changedItems(cards, moveToNumber(cards, 'b', 2))).toEqual([]);
  });

  it('ignores a typed number that is not a whole number greater than 0', () => {
    expect(parseTeamNumber('3')).toBe(3);
    expect(parseTeamNumber(' 12 ')).toBe(12);
    for (const input of ['0', '-1', '', 'abc', '2.5', '1e3', '99999999999999999999']) {
      expect(parseTeamNumber(input)).toBeNull();
    }
  });

  it('keeps the browser copy under teamOrder_<userId>', () => {
    expect(orderCacheKey('u1')).toBe('teamOrder_u1');
  });
});
