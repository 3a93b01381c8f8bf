import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/**
 * True when the focused element shows where focus is: an outline (Mantine's focus ring on
 * :focus-visible) on it or, for the hidden inputs of switches and segmented controls, on the
 * track or label drawn next to it; or, for text fields, a border in the primary colour.
 */
export async function hasVisibleFocus(page: Page): Promise<{ ok: boolean; what: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { ok: false, what: 'body' };
    const what = element.outerHTML.slice(0, 160);
    const hasOutline = (candidate: Element | null) => {
      if (!candidate) return false;
      const style = getComputedStyle(candidate);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
    };
    // A date or time input's focus sits in its inner fields (the browser's own), so the input
    // itself never matches :focus-visible; its border shows the focus as any input's does.
    const isDateField = element.matches('input[type="date"], input[type="time"]');
    if (!element.matches(':focus-visible') && !isDateField)
      return { ok: false, what: `${what} (not :focus-visible)` };
    if (hasOutline(element) || (element.matches('input') && hasOutline(element.nextElementSibling)))
      return { ok: true, what };
    if (element.matches('input, textarea, select, .mantine-Input-input')) {
      const probe = document.createElement('div');
      probe.style.color = 'var(--mantine-primary-color-filled)';
      document.body.append(probe);
      const primary = getComputedStyle(probe).color;
      probe.remove();
      // A password field's input sits inside the bordered box.
      const boxes = [element, element.parentElement].filter((box) => box !== null);
      return { ok: boxes.some((box) => getComputedStyle(box).borderTopColor === primary), what };
    }
    return { ok: false, what };
  });
}

/** Asserts the focused element shows its focus. */
export async function expectVisibleFocus(page: Page): Promise<void> {
  let what = '';
  // Borders and rings fade in (a short transition): give them a moment, and a busy machine's
  // browser more than one (a passing check stops polling at once).
  await expect
    .poll(
      async () => {
        const focus = await hasVisibleFocus(page);
        what = focus.what;
        return focus.ok;
      },
      { timeout: 10_000, intervals: [50, 100, 250] },
    )
    .toBe(true)
    .catch(() => {
      throw new Error(`no visible focus on ${what}`);
    });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at each stop that focus is
 * visible; fails if it takes more than `limit` presses (the target is not in the tab order).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, limit = 60 }: { backwards?: boolean; limit?: number } = {},
): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    // Past the last control focus leaves for the browser's own controls; the next Tab comes back.
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target.toString()} not reached with ${limit} presses of Tab`);
}

/**
 * Tabs around inside an open modal, forwards and backwards, more times than it has controls:
 * focus must stay inside it (a focus trap).
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let index = 0; index < presses; index += 1) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `focus left the dialog after ${index + 1} × ${key}`,
      ).toBe(true);
      await expectVisibleFocus(page);
    }
  }
}
