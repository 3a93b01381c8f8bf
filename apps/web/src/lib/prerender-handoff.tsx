import { useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';

const FIELDS = 'input, textarea';

/** `href` undefined: any link or none. `field`: a form field, by its place among the page's. */
type Identity = {
  tag: string;
  href: string | null | undefined;
  label: string | null;
  text: string;
  field?: { index: number; type: string; label: string };
};

/** The text of a field's first label (Mantine's inputs have a label, not a name). */
function labelOf(element: Element): string {
  const labels = (element as HTMLInputElement).labels;
  return labels?.[0]?.textContent ?? '';
}

function identityOf(element: Element, container: Element): Identity {
  const identity: Identity = {
    tag: element.tagName,
    href: element.getAttribute('href'),
    label: element.getAttribute('aria-label'),
    text: element.textContent ?? '',
  };
  if (element.matches(FIELDS)) {
    identity.field = {
      index: [...container.querySelectorAll(FIELDS)].indexOf(element),
      type: element.getAttribute('type') ?? '',
      label: labelOf(element),
    };
  }
  return identity;
}

/**
 * The app renders over a prerendered page (build/prerender.ts), replacing its DOM with the same
 * page. A visitor who has already used it keeps what they did: the control focused last before
 * the app's first render is noted (its tag, link, name and text, or a field's place and label;
 * followed until the render, since the visitor may still be moving) and the same control
 * focused after it; their clicks are made again and what they typed is typed into the app's
 * same fields. The returned function runs once (StrictMode commits twice in development).
 */
export function handOverPrerenderedPage(container: Element): () => void {
  // With their labels read now: once the app has replaced them, a `for` label no longer counts.
  const fields = [...container.querySelectorAll(FIELDS)].map((element) => ({
    element,
    label: labelOf(element),
  }));
  const selects = [...container.querySelectorAll('select')].map((element) => ({
    element,
    label: labelOf(element),
  }));
  let before: Identity | null = null;
  let isDone = false;
  const note = (element: Element | null) => {
    if (element && element !== document.body && container.contains(element)) {
      before = identityOf(element, container);
    }
  };
  const onFocusIn = (event: Event) => note(event.target instanceof Element ? event.target : null);
  note(document.activeElement);
  container.addEventListener('focusin', onFocusIn);
  return () => {
    if (isDone) return;
    isDone = true;
    container.removeEventListener('focusin', onFocusIn);
    // The prerendered fields are off the page now, with what the visitor typed still in them.
    const typed = fields.map(({ element }) =>
      isTextField(element) && element.value !== element.defaultValue ? element.value : null,
    );
    const wanted = before;
    const isFocusLost = !document.activeElement || document.activeElement === document.body;
    if (wanted && isFocusLost) findSame(container, wanted)?.focus();
    // Right after this first commit, before the browser hands the page any new input (a key
    // the visitor presses meanwhile would land between two replayed steps).
    const chosen = selects.map(({ element }) => (isChanged(element) ? element.value : null));
    queueMicrotask(() => {
      replayVisit(fields, typed, container);
      chooseIn(selects, chosen, container);
    });
  };
}

/** `nth`: which of the look-alikes (same tag, name and text), in page order; else the first. */
function findSame(container: Element, wanted: Identity, nth = 0): HTMLElement | null {
  if (wanted.field) {
    const field = container.querySelectorAll(FIELDS)[wanted.field.index];
    const found = field ? identityOf(field, container) : null;
    const isSame =
      found?.tag === wanted.tag &&
      found.field?.type === wanted.field.type &&
      found.field.label === wanted.field.label;
    return isSame && field instanceof HTMLElement ? field : null;
  }
  const alike = [...container.querySelectorAll(wanted.tag)].filter((element) => {
    const found = identityOf(element, container);
    return (
      (wanted.href === undefined || found.href === wanted.href) &&
      found.label === wanted.label &&
      found.text === wanted.text
    );
  });
  // The nth look-alike; the only one if the app shows one where the HTML had more (the HTML has
  // a burger for each screen width, the app one).
  const same = alike[nth] ?? (alike.length === 1 ? alike[0] : undefined);
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
 * prerendered page's fields rendered again: the same field at the same place, with the same
 * label. Set as the browser would, with an input event, so the app's state follows.
 */
function typeInto(before: Field[], values: (string | null)[], container: Element): void {
  const after = [...container.querySelectorAll(FIELDS)];
  before.forEach(({ element: old, label }, index) => {
    const value = values[index];
    const field = after[index];
    if (value === null || value === undefined || !field) return;
    if (!isTextField(old) || !isTextField(field) || field.value === value) return;
    if (field.tagName !== old.tagName || labelOf(field) !== label) return;
    const prototype = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    // Committed at once, so the next step (a click on Add) sees it.
    flushSync(() => field.dispatchEvent(new Event('input', { bubbles: true })));
  });
}

/** Whether the visitor chose another option of a native select than the page came with. */
function isChanged(select: HTMLSelectElement): boolean {
  const initial = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
  return initial !== undefined && select.value !== initial.value;
}

/**
 * Chooses `values` (by select, in page order; null: leave it) in the app's same selects (same
 * place, same label), as the browser does, with a change event, after the replayed clicks (a
 * leader chosen in a team's select before the app was here).
 */
function chooseIn(
  before: { element: HTMLSelectElement; label: string }[],
  values: (string | null)[],
  container: Element,
): void {
  const after = [...container.querySelectorAll('select')];
  before.forEach(({ label }, index) => {
    const value = values[index];
    const select = after[index];
    if (value === null || value === undefined || !select || select.value === value) return;
    if (labelOf(select) !== label) return;
    if (![...select.options].some((option) => option.value === value)) return;
    select.value = value;
    flushSync(() => select.dispatchEvent(new Event('change', { bubbles: true })));
  });
}

/** A field of the prerendered page, with the text of its label. */
type Field = { element: Element; label: string };

/**
 * What to type into the app's fields before a replayed click: what the visitor changed in a field
 * since the click before (or since the page came), and a field's text again where the app has
 * emptied it since (Add clears the member field; the same name entered twice is added twice). A
 * field the visitor did not touch keeps what the app made of it (an arrow stepped the team count
 * in the app, not in the HTML, which still shows the first number).
 */
function valuesToType(
  values: string[],
  previous: (string | null)[],
  container: Element,
): (string | null)[] {
  const now = [...container.querySelectorAll(FIELDS)];
  return values.map((value, index) => {
    const field = now[index];
    const isEmptied = field !== undefined && isTextField(field) && field.value === '';
    return value !== previous[index] || (isEmptied && value !== '') ? value : null;
  });
}

/**
 * What the visitor did on the prerendered page, done again on the app's: each click (noted by
 * public/theme-init.js with what the fields held then) made on the same control after what they
 * typed is typed in (`valuesToType`), in order (Enter in the member field clicks Add, once per
 * name, the same name twice included); then what was typed after the last click. Each step is
 * committed before the next, all in one go.
 */
function replayVisit(fields: Field[], typed: (string | null)[], container: Element): void {
  const scope = window as typeof window & { __teamshufflePendingClicks?: PendingClick[] };
  const clicks = scope.__teamshufflePendingClicks?.splice(0) ?? [];
  // What the fields held when the page came (the HTML's own values).
  let last: (string | null)[] = fields.map(({ element }) =>
    isTextField(element) ? element.defaultValue : null,
  );
  for (const click of clicks) {
    if (click.values) {
      typeInto(fields, valuesToType(click.values, last, container), container);
      last = click.values;
    }
    const control = findSame(
      container,
      { tag: click.tag, href: undefined, label: click.label, text: click.text ?? '' },
      click.nth,
    );
    // Committed at once too: a second Add of the same name finds the field cleared. With the
    // pointer's press and release first: some controls act on the press (a number field's
    // arrows step on pointerdown).
    if (control) {
      for (const type of ['pointerdown', 'pointerup']) {
        flushSync(() =>
          control.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true })),
        );
      }
      flushSync(() => control.click());
    }
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
  /** Which of the controls that look the same (tag, name, text) it was, in page order. */
  nth?: number;
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
