// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, usePageLoading } from './page-loading';

describe('lazyPage', () => {
  it('fetches once when preloaded and then rendered, and reports loading meanwhile', async () => {
    let release: () => void = () => undefined;
    const load = vi.fn(
      () =>
        new Promise<() => React.JSX.Element>((resolve) => {
          release = () => resolve(() => <p>the page</p>);
        }),
    );
    const Page = lazyPage(load);
    const loading = renderHook(() => usePageLoading());
    void Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await vi.waitFor(() => expect(loading.result.current).toBe(true));
    await act(async () => {
      release();
      await Promise.resolve();
    });
    expect(await screen.findByText('the page')).toBeTruthy();
    await vi.waitFor(() => expect(loading.result.current).toBe(false));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
