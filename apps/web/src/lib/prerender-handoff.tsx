import { useLayoutEffect } from 'react';
import type { ReactNode } from 'react';

/** `href` undefined: any link or none. */
type Identity = {
  tag: string;
  href: string | null | undefined;
  label: string | null;
  text: string;
};

function identityOf(element: Element): Identity {
  return {
    tag: element.tagName,
    href: element.getAttribute('href'),
    label: element.getAttribute('aria-label'),
    text: element.textContent ?? '',
  };
}

/**
 * The app renders over a prerendered page (build/prerender.ts), replacing its DOM with the same
 * page. A visitor who has already used it keeps what they did: the control focused last before
 * the app's first render is noted (its tag, link, name and text; followed until the render, since
 * the visitor may still be moving) and the same control focused after it; what they typed into
 * its fields is typed into the app's same fields; their clicks are made again.
 */
export function handOverPrerenderedPage(container: Element): () => void {
  const fields = [...container.querySelectorAll('input, textarea')];
  let before: Identity | null = null;
  const note = (element: Element | null) => {
    if (element && element !== document.body && container.contains(element)) {
      before = identityOf(element);
    }
  };
  const onFocusIn = (event: Event) => note(event.target instanceof Element ? event.target : null);
  note(document.activeElement);
  container.addEventListener('focusin', onFocusIn);
  return () => {
    container.removeEventListener('focusin', onFocusIn);
    // The prerendered fields are off the page now, with what the visitor typed still in them.
    const typed = fields.map((field) =>
      isTextField(field) && field.value !== field.defaultValue ? field.value : null,
    );
    const wanted = before;
    const isFocusLost = !document.activeElement || document.activeElement === document.body;
    if (wanted && isFocusLost) findSame(container, wanted)?.focus();
    // Once this first commit is over, so that the app takes in each input event at once (a
    // replayed Add then sees the name typed before it).
    setTimeout(() => replayVisit(fields, typed, container), 0);
  };
}

function findSame(container: Element, wanted: Identity): HTMLElement | null {
  const same = [...container.querySelectorAll(wanted.tag)].find((element) => {
    const found = identityOf(element);
    return (
      (wanted.href === undefined || found.href === wanted.href) &&
      found.label === wanted.label &&
      found.text === wanted.text
    );
  });
  return same instanceof HTMLElement ? same : null;
}

function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return true;
  return (
    element instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset'].includes(element.type)
  );
}

/**
 * Types `values` (by field, in page order; null: leave it) into the app's fields, which are the
 * prerendered page's fields rendered again (the same fields in the same order). Set as the
 * browser would, with an input event, so the app's state follows.
 */
function typeInto(before: Element[], values: (string | null)[], container: Element): void {
  const after = [...container.querySelectorAll('input, textarea')];
  before.forEach((old, index) => {
    const value = values[index];
    const field = after[index];
    if (value === null || value === undefined || !field) return;
    if (!isTextField(old) || !isTextField(field) || field.value === value) return;
    if (field.tagName !== old.tagName || field.getAttribute('name') !== old.getAttribute('name')) {
      return;
    }
    const prototype = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * What the visitor did on the prerendered page, done again on the app's: each click (noted by
 * public/theme-init.js with what the fields held then) made on the same control after those
 * values are typed in, in order (Enter in the member field clicks Add, once per name); then
 * what was typed after the last click.
 */
function replayVisit(fields: Element[], typed: (string | null)[], container: Element): void {
  const scope = window as typeof window & { __teamshufflePendingClicks?: PendingClick[] };
  const clicks = scope.__teamshufflePendingClicks?.splice(0) ?? [];
  let last: (string | null)[] = [];
  for (const click of clicks) {
    if (click.values) {
      typeInto(fields, click.values, container);
      last = click.values;
    }
    findSame(container, {
      tag: click.tag,
      href: undefined,
      label: click.label,
      text: click.text ?? '',
    })?.click();
  }
  typeInto(
    fields,
    typed.map((value, index) => (value === last[index] ? null : value)),
    container,
  );
}

type PendingClick = {
  tag: string;
  label: string | null;
  text: string | null;
  /** What each field of the page held at the click, in page order. */
  values?: string[];
};

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
