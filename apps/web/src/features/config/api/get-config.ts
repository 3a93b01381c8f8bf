import { queryOptions, useQuery } from '@tanstack/react-query';
import { INLINED_CONFIG_ID, publicConfig } from '@teamshuffle/domain';
import type { PublicConfig } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/config: the contact address, the sign-in methods that are on, the password policy. */
export async function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const body = await apiFetch<unknown>('/api/config', signal ? { signal } : {});
  return publicConfig.parse(body);
}

/**
 * GET /api/config's answer as the server wrote it into the page (apps/server/src/plugins/web.ts),
 * so the first load does not ask for it; none in a page the server did not send (Vite's dev
 * server), or one that does not parse.
 */
function inlinedConfig(): PublicConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(INLINED_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = publicConfig.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getConfig(signal),
    initialData: inlinedConfig,
    // Changes only with a server restart.
    staleTime: 5 * 60_000,
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}
