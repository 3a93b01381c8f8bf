import { queryOptions, useQuery } from '@tanstack/react-query';
import { storageUsage } from '@teamshuffle/domain';
import type { StorageUsage } from '@teamshuffle/domain';
import { apiFetch } from '../api-client';
import { queryKeys } from '../query-keys';

// In src/lib because two places read it: the profile's storage bar and the upload component's
// check before an upload (spec part 1, section 5).

/** GET /api/me/storage: the signed-in user's stored bytes against the quota. */
export async function getStorageUsage(signal?: AbortSignal): Promise<StorageUsage> {
  const body = await apiFetch<unknown>('/api/me/storage', signal ? { signal } : {});
  return storageUsage.parse(body);
}

export function storageUsageQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.storage,
    queryFn: ({ signal }) => getStorageUsage(signal),
  });
}

/** The figure, fetched only while `isEnabled` (a signed-in user). Uploads invalidate it. */
export function useStorageUsage(isEnabled: boolean) {
  return useQuery({ ...storageUsageQueryOptions(), enabled: isEnabled });
}
