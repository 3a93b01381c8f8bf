import { type BrowserContext, expect, type Page } from '@playwright/test';

// A toast stays 2.5 s (spec part 1, section 9). On a loaded machine the test runner can be
// starved for longer than that between the action and its check, and a toast that came and went
// meanwhile is missed by a locator. So every page of a context records the toasts it shows, and
// a check reads that record: a toast counts once it has been shown, however briefly.

type Recorded = { __teamshuffleToasts?: string[] };

/** Every page of `context` records the text of each toast it shows (title and message). */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as Recorded).__teamshuffleToasts = log;
    const seen = new WeakSet<Element>();
    const collect = () => {
      for (const toast of document.querySelectorAll('.mantine-Notification-root')) {
        if (seen.has(toast)) continue;
        const parts = [
          ...toast.querySelectorAll(
            '.mantine-Notification-title, .mantine-Notification-description',
          ),
        ]
          .map((part) => (part.textContent ?? '').replace(/\s+/g, ' ').trim())
          .filter(Boolean);
        // Its text not rendered yet: the next mutation looks again.
        if (parts.length === 0) continue;
        seen.add(toast);
        log.push(...parts);
      }
    };
    new MutationObserver(collect).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

/**
 * Waits until the page has shown a toast with this text (exactly, or matching the pattern), and
 * uses it up, so that the next check of the same words waits for a new one. On a page whose
 * context does not record toasts, waits for the toast to be visible instead.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const wanted =
    typeof text === 'string'
      ? { text, source: null, flags: '' }
      : { text: null, source: text.source, flags: text.flags };
  const take = () =>
    page.evaluate((match) => {
      const log = (window as Recorded).__teamshuffleToasts;
      if (!log) return 'not recorded';
      const index = log.findIndex((shown) =>
        match.source === null
          ? shown === match.text
          : new RegExp(match.source, match.flags).test(shown),
      );
      if (index < 0) return 'not shown yet';
      log.splice(index, 1);
      return 'shown';
    }, wanted);
  const first = await take();
  if (first === 'shown') return;
  if (first === 'not recorded') {
    await expect(
      page.getByText(text, typeof text === 'string' ? { exact: true } : {}),
    ).toBeVisible();
    return;
  }
  await expect.poll(take, { message: `the toast "${String(text)}"` }).toBe('shown');
}
