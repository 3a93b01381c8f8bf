import { expect, test } from '@playwright/test';
import { holdAppEntry, recordRequests, waitForApp } from './support/prerendered.ts';

// /app and /contact arrive as HTML rendered at build time (decision 0008): they paint before
// their JavaScript, which starts on the visitor's first pointer, touch, key or focus (decision
// 0010) and renders the same page over it.
test.describe('prerendered /app and /contact', () => {
  test('paint their content, title and language with no script at all', async ({ browser }) => {
    for (const [locale, appTitle, contactTitle] of [
      ['en-US', 'Team Formation', 'Contact'],
      ['ko-KR', '팀 구성', '문의'],
    ] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      await page.goto('/app');
      await expect(page).toHaveTitle(`${appTitle} · Teamshuffle`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      await expect(page.getByRole('heading', { level: 1, name: appTitle })).toBeVisible();
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await page.goto('/contact');
      await expect(page).toHaveTitle(`${contactTitle} · Teamshuffle`);
      await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
      // The server writes its configured address into the page.
      const email = page.getByRole('link', { name: 'e2e-contact@teamshuffle.example' });
      await expect(email).toBeVisible();
      await expect(email).toHaveAttribute('href', 'mailto:e2e-contact@teamshuffle.example');
      await context.close();
    }
  });

  for (const [path, chunk] of [
    ['/app', 'app'],
    ['/contact', 'contact'],
  ] as const) {
    test(`${path} downloads no app code until the visitor reaches for it`, async ({ page }) => {
      const { scripts, apiCalls } = recordRequests(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(scripts).toEqual(['/theme-init.js', '/after-paint.js']);
      await expect(page.locator('.prerendered-page')).toHaveCount(1);

      await waitForApp(page);
      expect(scripts.some((name) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(name))).toBe(
        true,
      );
      // The server wrote its configuration into the page: the app does not ask for it.
      await page.waitForLoadState('networkidle');
      expect(apiCalls).not.toContain('/api/config');
    });
  }

  test('names typed and entered before the app arrives are added once it has', async ({ page }) => {
    const release = await holdAppEntry(page);
    await page.goto('/app');
    await expect(page.locator('.prerendered-page')).toHaveCount(1);
    const name = page.getByRole('textbox', { name: 'Member name' });
    await name.fill('Early Bird');
    await name.press('Enter');
    // Nothing clears the field before the app is here: Enter again adds the same name again.
    await name.press('Enter');
    await name.fill('Second Bird');
    await name.press('Enter');
    // Still the prerendered page: Enter did not send the form as a page load. It says the
    // app is on its way.
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.locator('.prerendered-page')).toHaveCount(1);
    await expect(page.locator('.prerendered-page[data-waiting]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    release();
    await expect(page.locator('.prerendered-page')).toHaveCount(0);
    await expect(page.getByText('Members: 3')).toBeVisible();
    await expect(page.getByText('Early Bird', { exact: true })).toHaveCount(2);
    await expect(page.getByText('Second Bird', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Member name' })).toHaveValue('');
    // The focus stayed in the member field (the language switch's radios come first).
    await expect(page.getByRole('textbox', { name: 'Member name' })).toBeFocused();
    // Typed but not entered: kept in the field.
    await page.evaluate(() => window.localStorage.clear());
    const held = await holdAppEntry(page);
    await page.goto('/app');
    await page.getByRole('textbox', { name: 'Member name' }).fill('Half typed');
    held();
    await expect(page.locator('.prerendered-page')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Member name' })).toHaveValue('Half typed');
  });

  test("the team count's arrows pressed before the app arrives step it once it has", async ({
    page,
  }) => {
    const release = await holdAppEntry(page);
    await page.goto('/app');
    const count = page.getByRole('textbox', { name: 'Number of teams' });
    const before = Number(await count.inputValue());
    // The two arrows look the same (no name, no text): up twice, down once.
    const arrow = (direction: string) =>
      page.locator(`.mantine-NumberInput-control[data-direction="${direction}"]`);
    await arrow('up').click();
    await arrow('up').click();
    await arrow('down').click();
    await expect(page.locator('.prerendered-page')).toHaveCount(1);
    release();
    await expect(page.locator('.prerendered-page')).toHaveCount(0);
    await expect(count).toHaveValue(String(before + 1));
  });

  test('an entry that is gone (a deploy replaced it) loads the page again, which brings the app', async ({
    page,
  }) => {
    let refused = 0;
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/app');
    await waitForApp(page);
    expect(refused).toBe(1);
    // The reloaded page's load event can come after the app has rendered (its entry holds it).
    await expect.poll(() => loads).toBe(2);
    await expect(page.getByRole('textbox', { name: 'Member name' })).toBeVisible();
  });

  test('a saved draft keeps the empty prerendered tool hidden until the app shows the draft', async ({
    page,
  }) => {
    await page.goto('/app');
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'Member name' }).fill('Kept Member');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Members: 1')).toBeVisible();

    const release = await holdAppEntry(page);
    await page.reload();
    await expect(page.locator('.prerendered-page')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Formation' })).toBeHidden();
    release();
    await expect(page.getByText('Kept Member', { exact: true })).toBeVisible();
    await expect(page.locator('.prerendered-page')).toHaveCount(0);
  });
});
