// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LectureNote } from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { DuplicateNoteModal } from './duplicate-note-modal';

// Duplicate to next week (issue 26, decision 0028): the confirmation says what the copy holds and
// that attachments stay behind, sends one request with an Idempotency-Key, then links to the new
// draft; a refusal is shown in the dialog.

const SETTLE = { timeout: 4_000 };
const NOTE: LectureNote = {
  id: 'n1',
  title: 'Week 3: Sorting',
  description: 'Slides',
  week: 3,
  date: '2026-03-16',
  isPublished: true,
  author: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  canEdit: true,
  attachments: [
    {
      id: 'a1',
      file: {
        id: 'f1',
        name: 'slides.pdf',
        size: 2000,
        contentType: 'application/pdf',
        createdAt: '2026-03-01T00:00:00.000Z',
      },
      uploadedBy: null,
    },
  ],
  task: null,
};
const COPY: LectureNote = {
  ...NOTE,
  id: 'n2',
  week: 4,
  date: '2026-03-23',
  isPublished: false,
  attachments: [],
};

let fetchMock: Mock<typeof fetch>;

function answer(status: number, body: unknown) {
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
}

beforeEach(() => {
  stubMatchMedia();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function show() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DuplicateNoteModal opened workspaceId="w1" note={NOTE} onClose={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('DuplicateNoteModal', () => {
  it('says what is copied, makes the copy and links to the new draft', async () => {
    answer(201, { note: COPY, attachmentsShared: 1 });
    show();
    expect(await screen.findByText(/made as a draft for week 4/, {}, SETTLE)).toBeTruthy();
    expect(screen.getByTestId('duplicate-shared-attachments').textContent).toContain(
      'Its attachments are shared with the copy',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    const link = await screen.findByRole('link', { name: 'Open the new draft' }, SETTLE);
    expect(link.getAttribute('href')).toBe('/workspace/w1/notes/n2');
    expect(screen.getByTestId('duplicate-done').textContent).toContain(
      '1 attachment is shared with the original.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/workspaces/w1/notes/n1/duplicate');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/.{8,}/);
  });

  it('shows a refusal in the dialog, in Korean too', async () => {
    await i18n.changeLanguage('ko');
    answer(403, { error: 'forbidden', message: 'Forbidden' });
    show();
    expect(await screen.findByText(/4주차 초안으로/, {}, SETTLE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '복제' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy(), SETTLE);
    expect(screen.queryByRole('link', { name: '새 초안 열기' })).toBeNull();
  });
});
