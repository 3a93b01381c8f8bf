// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { i18n } from '../lib/i18n';
import { stubMatchMedia } from '../lib/testing/match-media';
import { SubmittedFilePreview } from './submitted-file-preview';

// Grading in place (issue 25): the graded work's first file shown next to the score, a PDF drawn
// by PDF.js (decision 0042; drawn for real in e2e/hand-in-on-behalf.spec.ts) and an image inline;
// every stored file as a download link.

beforeEach(() => stubMatchMedia());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

type Files = Parameters<typeof SubmittedFilePreview>[0]['files'];

function show(files: Files) {
  return render(
    <MantineProvider>
      <SubmittedFilePreview files={files} />
    </MantineProvider>,
  );
}

describe('SubmittedFilePreview', () => {
  it('draws a PDF from the download route, and says when it cannot, keeping its link', async () => {
    // The download rules refuse it (or the file is no readable PDF): the preview says so.
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response('{"error":"file_not_found"}', { status: 404 });
    });
    show([{ name: 'Report.PDF', size: 2048, fileId: 'f 1' }]);
    const viewer = screen.getByTestId('pdf-preview');
    expect(viewer.getAttribute('data-src')).toBe('/api/files/f%201');
    expect(screen.getByRole('status').textContent).toBe('Opening Report.PDF…');
    await waitFor(() => expect(viewer.getAttribute('data-state')).toBe('failed'));
    expect(fetched).toEqual(['/api/files/f%201']);
    expect(viewer.textContent).toBe('This file cannot be shown here. Download it below.');
    const link = screen.getByRole('link', { name: 'Download Report.PDF (2.00 KB)' });
    expect(link.getAttribute('href')).toBe('/api/files/f%201');
    expect(link.getAttribute('download')).toBe('Report.PDF');
    cleanup();
    await i18n.changeLanguage('ko');
    show([{ name: 'Report.PDF', size: 2048, fileId: 'f 1' }]);
    await waitFor(() =>
      expect(screen.getByTestId('pdf-preview').textContent).toBe(
        '이 파일은 여기에 표시할 수 없습니다. 아래 링크에서 다운로드하세요.',
      ),
    );
  });

  it('shows an image inline', () => {
    show([{ name: 'board.png', size: 10, fileId: 'img' }]);
    expect(screen.getByRole('img', { name: 'board.png' }).getAttribute('src')).toBe(
      '/api/files/img',
    );
  });

  it('offers any other type by name, size and link only; files no longer stored are skipped', () => {
    const { container } = show([
      { name: 'old.pdf', size: 5, fileId: null },
      { name: 'essay.docx', size: 1536, fileId: 'd1' },
      { name: 'data.zip', size: 3 * 1024 * 1024, fileId: 'z1' },
    ]);
    expect(container.querySelector('[data-testid="pdf-preview"]')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Download essay.docx (1.50 KB)',
      'Download data.zip (3.00 MB)',
    ]);
  });

  it('says when there is nothing to show, in English and Korean', async () => {
    show([{ name: 'gone.pdf', size: 5, fileId: null }]);
    expect(screen.getByText('No file handed in to show.')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('ko');
    show(null);
    expect(screen.getByText('표시할 제출 파일이 없습니다.')).toBeTruthy();
  });
});
