import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { inkOf, scannedPdf } from './support/pdf.ts';
import { expectToast } from './support/toasts.ts';
import {
  createCourseWorkspace,
  createOpenAssignment,
  setCourseLeaders,
} from './support/workspaces.ts';

// A scanned hand-in drawn in the grading dialog (decision 0042): its JPEG 2000 image decoded by
// PDF.js without WebAssembly (the app's policy allows none), with the decoder served from the
// app's own origin; the preview's words in Korean too.

test.describe('a scanned PDF in the grading dialog', () => {
  let owner: Account;

  test.afterAll(async () => {
    await owner?.context.close();
  });

  test('owner: hands in a scan for Team 1 and sees it drawn next to the score', async ({
    browser,
    baseURL,
  }) => {
    owner = await createAccount(browser, baseURL!, 'scanner');
    const { page } = owner;
    const workspace = await createCourseWorkspace(owner, `Scans ${Date.now()}`, 'scans');
    // An assignment needs its leaders' e-mails.
    await setCourseLeaders(owner, workspace.id, { withEmails: true });
    const assignment = `Lab sheet ${Date.now()}`;
    await createOpenAssignment(owner, workspace.id, assignment);
    const decoders: Array<{ path: string; status: number }> = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.includes('_nowasm_fallback.js')) {
        decoders.push({ path: pathname, status: response.status() });
      }
    });

    await page.goto(`/workspace/${workspace.id}/assignments`);
    const row = page
      .getByRole('region', { name: 'Assignments', exact: true })
      .getByRole('article', { name: assignment, exact: true })
      .getByTestId('assignment-team-1');
    await row.getByTestId('open-team').click();
    const dialog = page.getByRole('dialog', { name: 'Assignment Submission' });
    await dialog.getByRole('button', { name: 'Hand in for Team 1' }).click();
    const form = dialog.getByRole('form', { name: 'Hand in for Team 1' });
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: scannedPdf() });
    await form.getByRole('button', { name: 'Submit for Team 1' }).click();
    await expectToast(page, 'Handed in for Team 1.');
    await dialog.getByRole('button', { name: 'Evaluate', exact: true }).click();

    const evaluate = page.getByRole('dialog', { name: 'Evaluate Submission' });
    const preview = evaluate.getByTestId('pdf-preview');
    await expect(preview).toHaveAttribute('data-state', 'shown');
    const scan = evaluate.getByRole('img', { name: 'scan.pdf, page 1 of 1' });
    await expect(scan).toBeVisible();
    // The box covers most of the page: drawn, not left white.
    await expect
      .poll(async () => {
        const { dark, all } = await inkOf(scan);
        return dark / all;
      })
      .toBeGreaterThan(0.5);
    expect(decoders).toEqual([
      {
        path: expect.stringMatching(/^\/assets\/pdfjs-[\d.]+\/openjpeg_nowasm_fallback\.js$/),
        status: 200,
      },
    ]);
    // One page: no buttons to turn it.
    await expect(evaluate.getByRole('button', { name: 'Next page' })).toHaveCount(0);

    // In Korean (the header's switch, with the dialogs closed), its page said in Korean.
    await evaluate.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(evaluate).toBeHidden();
    await page.getByText('한국어').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    // The section's name is Korean now: the assignment's card by its own title.
    await page
      .getByRole('article', { name: assignment, exact: true })
      .getByTestId('assignment-team-1')
      .getByTestId('open-team')
      .click();
    await page
      .getByRole('dialog', { name: '과제 제출' })
      .getByRole('button', { name: '평가', exact: true })
      .click();
    await expect(
      page
        .getByRole('dialog', { name: '제출물 평가' })
        .getByRole('img', { name: 'scan.pdf, 1쪽 중 1쪽' }),
    ).toBeVisible();
  });
});
