/**
 * A value that changes often, held outside React state: only the components that read it with
 * `useStoreValue` render again when it changes (issue 22: the balancing search reports progress
 * every 50 ms, and keeping it in the page's state rendered all of /app, 1,000 member rows
 * included, on every report).
 */
export type ValueStore<T> = {
  get: () => T;
  set: (value: T) => void;
  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
};

/** A store holding `initial` until `set`. */
export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
