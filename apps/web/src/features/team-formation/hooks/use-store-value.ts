import { useSyncExternalStore } from 'react';
import type { ValueStore } from '../model/progress-store';

/** The store's current value; the calling component renders again when it changes. */
export function useStoreValue<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
