import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PASSWORD_POLICY, passwordPolicySchema } from '@teamshuffle/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/** The public configuration the server exposes at GET /api/config. */
const publicConfigSchema = z.object({
  contactEmail: z.string(),
  googleEnabled: z.boolean(),
  // An older server leaves these out: no phone sign-in, and the default policy.
  phoneEnabled: z.boolean().optional().default(false),
  passwordPolicy: passwordPolicySchema
    .nullable()
    .optional()
    .transform((policy) => policy ?? DEFAULT_PASSWORD_POLICY),
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
