// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BYTES_PER_MB } from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { StorageBar, StorageCard } from './storage-card';
import { stubMatchMedia } from '../../../lib/testing/match-media';

const QUOTA = 100 * BYTES_PER_MB;
const SETTLE = { timeout: 4_000 };

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

beforeEach(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the storage bar (spec part 1, section 9)', () => {
  it.each([
    [0.5, 'blue', false],
    [0.6, 'blue', false],
    [0.61, 'yellow', false],
    [0.8, 'yellow', false],
    [0.81, 'red', true],
  ])('at %s of the quota it is %s, warning %s', (share, color, isHigh) => {
    render(<StorageBar usage={{ usedBytes: Math.round(share * QUOTA), quotaBytes: QUOTA }} />, {
      wrapper: Providers,
    });
    expect(
      screen.getByRole('progressbar').closest('[data-color]')?.getAttribute('data-color'),
    ).toBe(color);
    expect(screen.queryByText('Storage usage is high') !== null).toBe(isHigh);
  });

  it('writes sizes in B, KB, MB, GB with 1 decimal', () => {
    render(<StorageBar usage={{ usedBytes: 1536, quotaBytes: QUOTA }} />, { wrapper: Providers });
    expect(screen.getByTestId('storage-usage').textContent).toBe('1.5 KB of 100.0 MB used');
  });

  it('shows the figure from GET /api/me/storage, and a retry when it fails', async () => {
    const answers = [
      new Response('{"error":"internal","message":"An unexpected error occurred"}', {
        status: 500,
      }),
      new Response(JSON.stringify({ usedBytes: 90 * BYTES_PER_MB, quotaBytes: QUOTA })),
    ];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift() ?? new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    render(<StorageCard />, { wrapper: Providers });
    expect(screen.getByRole('status').textContent).toBe('Checking storage usage…');
    expect((await screen.findByRole('alert', {}, SETTLE)).textContent).toBe(
      'Failed to check storage usage. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('storage-usage', {}, SETTLE)).textContent).toBe(
      '90.0 MB of 100.0 MB used',
    );
    expect(screen.getByText('Storage usage is high')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/me/storage', expect.anything());
  });
});
