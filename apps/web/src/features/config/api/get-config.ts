import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/** The public configuration the server exposes at GET /api/config. */
const publicConfigSchema = z.object({
  contactEmail: z.string(),
  googleEnabled: z.boolean(),
  // Shape decided by the auth issue; null until the server supplies a policy.
  passwordPolicy: z.unknown().nullable(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

export async function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const body = await apiFetch<unknown>('/api/config', signal ? { signal } : {});
  return publicConfigSchema.parse(body);
}

export const configQueryKey = ['config'] as const;

export function configQueryOptions() {
  return queryOptions({
    queryKey: configQueryKey,
    queryFn: ({ signal }) => getConfig(signal),
    // Changes only with a server restart.
    staleTime: 5 * 60_000,
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}
