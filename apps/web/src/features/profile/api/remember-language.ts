import type { QueryClient } from '@tanstack/react-query';
import { preferences } from '@teamshuffle/domain';
import type { Language, Preferences } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * PUT /api/preferences with only `language` (the other preferences stay): the language the
 * signed-in account now uses the app in, which its notification mails are written in (decision
 * 0041). Answers every preference, kept as the preferences' query data.
 */
export async function rememberLanguage(
  queryClient: QueryClient,
  language: Language,
): Promise<Preferences> {
  const body = await apiFetch<unknown>('/api/preferences', { method: 'PUT', json: { language } });
  const answer = preferences.parse(body);
  queryClient.setQueryData(queryKeys.preferences, answer);
  return answer;
}
