import { roundTo } from '@teamshuffle/domain';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import type { useTranslation } from '../../../lib/i18n';

/** A score as shown in a cell: up to 2 decimals, or a dash. */
export function formatScore(score: number | null): string {
  return score === null ? '–' : String(roundTo(score, 2));
}

const GRADEBOOK_ERRORS = [
  'gradebook_item_not_found',
  'gradebook_member_not_found',
  'gradebook_not_on_roster',
] as const;

/** An API failure in the user's language: the gradebook's own ids, else the app's. */
export function errorText(error: unknown, t: ReturnType<typeof useTranslation>['t']): string {
  const id = error instanceof ApiError ? error.error : null;
  const own = GRADEBOOK_ERRORS.find((known) => known === id);
  if (own) return t(`gradebook.errors.${own}`);
  return apiErrorMessage(error, t('gradebook.saveFailed'));
}
