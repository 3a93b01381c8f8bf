import { vi } from 'vitest';

/**
 * jsdom has no `matchMedia`, which Mantine reads (colour scheme, reduced motion): a stand-in that
 * matches no query. Call it in `beforeEach`; `vi.unstubAllGlobals()` removes it.
 */
export function stubMatchMedia(): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({
      matches: false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}
