import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'teamshuffle.scrollPositions';

function readPositions(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * The history entry the browser is on now: React Router keeps its key in `history.state`, and
 * calls the first entry of a visit (no state yet) 'default'.
 */
function currentEntryKey(): unknown {
  const state: unknown = window.history.state;
  const key = typeof state === 'object' && state !== null ? (state as { key?: unknown }).key : null;
  return key ?? 'default';
}

/**
 * A new page starts at the top; Back and Forward return to where that page was scrolled, once it
 * has rendered. Positions are kept per history entry for the tab's life (sessionStorage), as the
 * data router's ScrollRestoration did (decision 0008).
 */
export function ScrollRestoration() {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();
  const [positions] = useState(readPositions);
  const lastPathname = useRef(pathname);

  // Where this entry is scrolled to, noted as the visitor scrolls. Only while the browser is on
  // it: a move replaces the page (a shorter one clamps the scroll) before this listener goes.
  useEffect(() => {
    let frame = 0;
    const save = () => {
      if (currentEntryKey() === key) positions[key] = window.scrollY;
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(save);
    };
    const persist = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage unavailable: positions last as long as the page.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, [key, positions]);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const hasPathChanged = lastPathname.current !== pathname;
    lastPathname.current = pathname;
    if (navigationType === NavigationType.Pop) {
      const saved = positions[key];
      if (saved !== undefined) window.scrollTo(0, saved);
    } else if (hasPathChanged) {
      window.scrollTo(0, 0);
    }
  }, [key, pathname, navigationType, positions]);

  return null;
}
