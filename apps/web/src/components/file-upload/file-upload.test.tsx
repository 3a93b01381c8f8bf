// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BYTES_PER_MB } from '@teamshuffle/domain';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStorageUsage } from '../../lib/api/get-storage-usage';
import '../../lib/i18n';
import { SessionProvider } from '../../lib/session/session-context';
import { FileUpload } from './file-upload';
import { useFileUpload } from './use-file-upload';
import type { UseFileUploadOptions } from './use-file-upload';
import { stubMatchMedia } from '../../lib/testing/match-media';
import { signedInUser } from '../../lib/testing/signed-in-user';

// The component as a feature uses it, in a browser-like DOM: the real hook, providers and
// session; the network is a stubbed fetch (session, storage) and a stand-in XMLHttpRequest.

const SETTLE = { timeout: 4_000 };
const USER = signedInUser({ lastLoginAt: null });

let storage = { usedBytes: 0, quotaBytes: 100 * BYTES_PER_MB };
/** Answers of the upload route, one per request; 'network' for no answer. */
let answers: Array<{ status: number; body: string } | 'network'> = [];
let requests: Array<{ body: FormData }> = [];

class FakeXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    requests.push({ body });
    const answer = answers.shift() ?? { status: 201, body: '{"id":"f1"}' };
    setTimeout(() => {
      if (answer === 'network') return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
      this.status = answer.status;
      this.responseText = answer.body;
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  storage = { usedBytes: 0, quotaBytes: 100 * BYTES_PER_MB };
  answers = [];
  requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      const body = path === '/api/me' ? { user: USER } : storage;
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

function Harness(props: Omit<UseFileUploadOptions<unknown>, 'path' | 'parse'>) {
  const upload = useFileUpload({ path: '/api/things/files', parse: (body) => body, ...props });
  const storageUsage = useStorageUsage(true);
  return (
    <>
      {storageUsage.data ? <span data-testid="storage-known" /> : null}
      <FileUpload upload={upload} />
      <button type="button" onClick={() => void upload.start({ description: 'Week 1' })}>
        Submit
      </button>
    </>
  );
}

function choose(files: File[]) {
  const input = document.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

const pdf = (name = 'notes.pdf', size = 3) => new File(['x'.repeat(size)], name);

describe('FileUpload', () => {
  it('says what it takes before anything is chosen, and is reachable by keyboard', () => {
    render(<Harness allowedTypes={['pdf', 'docx']} maxFileSizeMb={5} maxFiles={3} />, {
      wrapper: Providers,
    });
    // Named by every visible word of it (WCAG 2.5.3): what to do, then the rules.
    const zone = screen.getByRole('button', {
      name: 'Drag files here or click to choose Allowed: PDF, DOCX. Up to 5MB per file. Up to 3 files at a time.',
    });
    expect(zone.tabIndex).toBe(0);
    // Its file input is not rendered (a focusable control nested in the button, for axe).
    expect(zone.querySelector('input')?.style.display).toBe('none');
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.pdf,.docx');
  });

  it("refuses files with the spec's messages, one per line, before sending anything", async () => {
    render(<Harness allowedTypes={['pdf']} maxFileSizeMb={1} />, { wrapper: Providers });
    choose([pdf('setup.exe'), pdf('big.pdf', BYTES_PER_MB + 1), pdf('ok.pdf')]);
    expect((await screen.findByTestId('upload-refusal')).textContent).toBe(
      'setup.exe: Only PDF files are allowed\nFile size cannot exceed 1MB',
    );
    expect(screen.getAllByTestId('upload-item').map((item) => item.textContent)).toEqual([
      expect.stringContaining('ok.pdf'),
    ]);
    expect(requests).toEqual([]);
  });

  it("together: Submit with no file says 'Please select at least one file'", async () => {
    render(<Harness allowedTypes={['pdf']} maxFileSizeMb={5} />, { wrapper: Providers });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('upload-refusal')).textContent).toBe(
      'Please select at least one file',
    );
    expect(requests).toEqual([]);
  });

  it('together: sends the files with the fields in one request, after a retried 5xx', async () => {
    const onUploaded = vi.fn();
    answers = [{ status: 503, body: '{"error":"service_unavailable","message":"Down."}' }];
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<Harness allowedTypes={['pdf']} maxFileSizeMb={5} onUploaded={onUploaded} />, {
        wrapper: Providers,
      });
      choose([pdf('a.pdf'), pdf('b.pdf')]);
      await screen.findAllByTestId('upload-item');
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(
        () => expect(screen.getAllByTestId('upload-item')[0]?.dataset['status']).toBe('retrying'),
        SETTLE,
      );
      expect(screen.getAllByText(/Trying again in 1 s \(try 2 of 3\)/)).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1), SETTLE);
    } finally {
      vi.useRealTimers();
    }
    expect(requests).toHaveLength(2);
    const parts = [...(requests[1]?.body.entries() ?? [])].map(([name]) => name);
    expect(parts).toEqual(['description', 'files', 'files']);
    expect(onUploaded.mock.calls[0]?.[0]).toEqual({ id: 'f1' });
    expect(screen.getAllByTestId('upload-item').map((item) => item.dataset['status'])).toEqual([
      'done',
      'done',
    ]);
  });

  it("each: sends a chosen file at once; a refusal shows the server's words and is not retried", async () => {
    answers = [{ status: 415, body: '{"error":"file_content_mismatch","message":"a.pdf: nope"}' }];
    render(<Harness mode="each" allowedTypes={['pdf']} maxFileSizeMb={5} />, {
      wrapper: Providers,
    });
    choose([pdf('a.pdf')]);
    await waitFor(
      () => expect(screen.getByTestId('upload-item').dataset['status']).toBe('failed'),
      SETTLE,
    );
    expect(screen.getByRole('alert').textContent).toBe('a.pdf: nope');
    expect(requests).toHaveLength(1);
  });

  it('refuses an upload that would go over the quota (spec part 1, section 5)', async () => {
    storage = { usedBytes: 100 * BYTES_PER_MB - 2, quotaBytes: 100 * BYTES_PER_MB };
    render(<Harness mode="each" allowedTypes={['pdf']} maxFileSizeMb={5} />, {
      wrapper: Providers,
    });
    // The check uses the storage figure once it is known.
    await screen.findByTestId('storage-known', {}, SETTLE);
    choose([pdf('a.pdf', 3)]);
    expect((await screen.findByTestId('upload-refusal')).textContent).toBe(
      'Storage limit exceeded. You have 0MB remaining.',
    );
    expect(requests).toEqual([]);
  });

  it("counts the caller's own replaced work as left: a same-size resubmission at 85% is sent (decision 0016)", async () => {
    storage = { usedBytes: 85 * BYTES_PER_MB, quotaBytes: 100 * BYTES_PER_MB };
    const latest = {
      submittedBy: { id: USER.id },
      files: [{ size: 24 * BYTES_PER_MB, fileId: 'f1' }],
    };
    const { rerender } = render(
      <Harness mode="each" allowedTypes={['pdf']} maxFileSizeMb={50} replaces={latest} />,
      { wrapper: Providers },
    );
    await screen.findByTestId('storage-known', {}, SETTLE);
    choose([pdf('again.pdf', 24 * BYTES_PER_MB)]);
    await waitFor(() => expect(requests).toHaveLength(1), SETTLE);
    // A teammate's attempt frees nothing for this caller: the same file is refused before sending.
    rerender(
      <Harness
        mode="each"
        allowedTypes={['pdf']}
        maxFileSizeMb={50}
        replaces={{ ...latest, submittedBy: { id: 'someone-else' } }}
      />,
    );
    choose([pdf('again.pdf', 24 * BYTES_PER_MB)]);
    expect((await screen.findByTestId('upload-refusal')).textContent).toBe(
      'Storage limit exceeded. You have 15MB remaining.',
    );
    expect(requests).toHaveLength(1);
  });

  it('Cancel stops a request on its way', async () => {
    answers = [];
    const never = vi.spyOn(FakeXhr.prototype, 'send').mockImplementation(function (
      this: FakeXhr,
      body: FormData,
    ) {
      requests.push({ body });
    });
    render(<Harness allowedTypes={['pdf']} maxFileSizeMb={5} />, { wrapper: Providers });
    choose([pdf('a.pdf')]);
    await screen.findByTestId('upload-item');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    await waitFor(
      () => expect(screen.getByTestId('upload-item').dataset['status']).toBe('cancelled'),
      SETTLE,
    );
    never.mockRestore();
  });
});
