import { apiErrorMessage } from '../../../lib/api-error-message';
import { ApiError } from '../../../lib/api-client';
import type { TFunction } from '../../../lib/i18n';
import type { peerEvaluationEn } from '../../../lib/i18n/peer-evaluation.en';

type PeerErrorId = keyof typeof peerEvaluationEn.errors;

const PEER_ERROR_IDS: readonly string[] = [
  'peer_evaluation_not_found',
  'peer_evaluation_not_open',
  'peer_not_in_evaluation',
  'peer_ratings_incomplete',
  'peer_team_not_found',
  'peer_item_not_found',
] satisfies PeerErrorId[];

function isPeerError(id: string): id is PeerErrorId {
  return PEER_ERROR_IDS.includes(id);
}

/** A failed peer-evaluation call in the interface's language (the feature's own refusals first). */
export function peerErrorMessage(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && isPeerError(error.error)) return t(`peer.errors.${error.error}`);
  return apiErrorMessage(error, fallback);
}

/** A local date-time input's value (`YYYY-MM-DDTHH:mm`) for a moment. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A rating or average for display: two decimals at most, a dash for none. */
export function formatPeer(value: number | null): string {
  return value === null ? '–' : String(Math.round(value * 100) / 100);
}
