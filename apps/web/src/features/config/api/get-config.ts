import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfig } from '@teamshuffle/domain';
import type { PublicConfig } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/config: the contact address, the sign-in methods that are on, the password policy. */
export async function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const body = await apiFetch<unknown>('/api/config', signal ? { signal } : {});
  return publicConfig.parse(body);
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getConfig(signal),
    // Changes only with a server restart.
    staleTime: 5 * 60_000,
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}
