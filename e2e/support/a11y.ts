import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

// issue 14: axe on every page and modal, light and dark, English and Korean; no serious or
// critical violations of WCAG 2.0/2.1 A and AA.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits for the page to settle: no loader in the main area and no transition still running
 * (Mantine's modals and menus fade in; axe would measure the contrast of half-transparent text).
 * Endless animations (spinners) are not waited for, nor the loaders of the sections a page the
 * server rendered leaves to the app (issue 22: they stay until the app starts).
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('main .mantine-Loader-root:not(.prerendered-page *)')).toHaveCount(0);
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.allSettled(finite.map((animation) => animation.finished));
  });
}

/**
 * Runs axe on the page as it is now (or on `include`, a CSS selector, such as an open modal) and
 * fails (softly) with each serious or critical violation: its rule id, impact, and the nodes it found.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  options: { include?: string } = {},
): Promise<void> {
  await settle(page);
  // Legacy mode: axe.run in the page itself. The default runs each frame's part, then opens a
  // blank page to combine them (for cross-origin frames, which the app has none of): 2.7 s a
  // check against 1.5 s here, on 26 checks per a11y test (2026-11-23).
  let builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = blocking.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      summary: node.failureSummary?.split('\n').slice(0, 3).join(' | '),
    })),
  }));
  // Soft: a test goes on to its other pages and lists every page's violations at the end.
  expect.soft(report, `axe on ${label}:\n${JSON.stringify(report, null, 2)}`).toEqual([]);
}
