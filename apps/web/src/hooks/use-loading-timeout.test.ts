// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoadingTimeout } from './use-loading-timeout';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useLoadingTimeout', () => {
  it('times out only after the whole wait, and only while loading', () => {
    const { result, rerender } = renderHook(({ isLoading }) => useLoadingTimeout(isLoading, 5000), {
      initialProps: { isLoading: true },
    });
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(result.current.hasTimedOut).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.hasTimedOut).toBe(true);
    rerender({ isLoading: false });
    expect(result.current.hasTimedOut).toBe(false);
  });

  it('a new loading episode waits afresh', () => {
    const { result, rerender } = renderHook(({ isLoading }) => useLoadingTimeout(isLoading, 5000), {
      initialProps: { isLoading: true },
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.hasTimedOut).toBe(true);
    rerender({ isLoading: false });
    rerender({ isLoading: true });
    expect(result.current.hasTimedOut).toBe(false);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.hasTimedOut).toBe(true);
  });

  it('finishing in time never times out', () => {
    const { result, rerender } = renderHook(({ isLoading }) => useLoadingTimeout(isLoading, 5000), {
      initialProps: { isLoading: true },
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    rerender({ isLoading: false });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(result.current.hasTimedOut).toBe(false);
  });

  it('restart starts the wait again', () => {
    const { result } = renderHook(() => useLoadingTimeout(true, 5000));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.hasTimedOut).toBe(true);
    act(() => result.current.restart());
    expect(result.current.hasTimedOut).toBe(false);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.hasTimedOut).toBe(true);
  });
});
