import { useLayoutEffect } from 'react';
import type { ReactNode } from 'react';

type Identity = { tag: string; href: string | null; label: string | null; text: string };

function identityOf(element: Element): Identity {
  return {
    tag: element.tagName,
    href: element.getAttribute('href'),
    label: element.getAttribute('aria-label'),
    text: element.textContent,
  };
}

/**
 * The app renders over the prerendered landing page (build/prerender.ts), replacing its DOM with
 * the same page. A visitor who has already tabbed into it keeps their place: the focused
 * control is noted before (its tag, link, name and text) and the same control focused after.
 */
export function keepFocusAcrossHandoff(container: Element): () => void {
  const focused = document.activeElement;
  if (!focused || focused === document.body || !container.contains(focused)) return () => undefined;
  const before = identityOf(focused);
  return () => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const same = [...container.querySelectorAll(before.tag)].find((element) => {
      const after = identityOf(element);
      return (
        after.href === before.href && after.label === before.label && after.text === before.text
      );
    });
    if (same instanceof HTMLElement) same.focus();
  };
}

/** Calls `onCommit` once, after the first render of everything inside it is on screen. */
export function AfterFirstCommit({
  onCommit,
  children,
}: {
  onCommit: () => void;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    onCommit();
    // Once: the first commit is the handoff.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return children;
}
