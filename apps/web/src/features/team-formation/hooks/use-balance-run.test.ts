// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { BalanceTeamsInput, BalanceTeamsResult } from '@teamshuffle/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BalanceReply, BalanceRequest } from '../model/balance-messages';
import { useBalanceRun } from './use-balance-run';

/** Stands in for the balancing worker: the test sends its replies. */
class FakeWorker {
  static last: FakeWorker | null = null;
  readonly posted: BalanceRequest[] = [];
  private readonly listeners: ((event: MessageEvent<BalanceReply>) => void)[] = [];
  constructor() {
    FakeWorker.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<BalanceReply>) => void) {
    if (type === 'message') this.listeners.push(listener);
  }
  postMessage(message: BalanceRequest) {
    this.posted.push(message);
  }
  terminate() {}
  reply(message: BalanceReply) {
    for (const listener of this.listeners)
      listener({ data: message } as MessageEvent<BalanceReply>);
  }
}

const STEP_MS = 400;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useBalanceRun', () => {
  // Issue 22: the worker reports every 50 ms; the page that holds the run rendered again on each
  // report (all of /app, 1,000 member rows included). Only the progress store changes now.
  it('does not render its host on progress reports, only when a search starts and ends', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useBalanceRun(STEP_MS);
    });
    const onDone = vi.fn();
    act(() => {
      result.current.start({} as BalanceTeamsInput, ['collecting', 'balancing', 'complete'], {
        onDone,
        onFailed: vi.fn(),
      });
    });
    const run = result.current.run;
    if (!run) throw new Error('no run');
    const worker = FakeWorker.last;
    if (!worker) throw new Error('no worker');
    const id = run.id;
    const rendersAtStart = renders;
    const seen: number[] = [];
    const unsubscribe = run.progress.subscribe(() => seen.push(run.progress.get().steps));

    act(() => {
      for (let i = 1; i <= 40; i++) {
        worker.reply({ id, type: 'progress', progress: i / 50, steps: i * 1000 });
      }
    });
    expect(renders).toBe(rendersAtStart);
    expect(seen).toHaveLength(40);
    expect(run.progress.get()).toEqual({ progress: 0.8, steps: 40_000, isDone: false });

    const balanced = { balance: { steps: 41_000 } } as BalanceTeamsResult;
    act(() => worker.reply({ id, type: 'done', result: balanced, isCut: false }));
    expect(renders).toBe(rendersAtStart);
    expect(run.progress.get()).toEqual({ progress: 1, steps: 41_000, isDone: true });
    expect(result.current.run).toBe(run);
    expect(onDone).not.toHaveBeenCalled();

    // 'complete' shows for one step, then the run ends with the result.
    act(() => {
      vi.advanceTimersByTime(STEP_MS);
    });
    expect(onDone).toHaveBeenCalledWith(balanced, false);
    expect(result.current.run).toBeNull();
    unsubscribe();
  });

  it('ignores the reports of a search a newer one replaced', () => {
    const { result } = renderHook(() => useBalanceRun(STEP_MS));
    const callbacks = { onDone: vi.fn(), onFailed: vi.fn() };
    act(() => result.current.start({} as BalanceTeamsInput, ['balancing', 'complete'], callbacks));
    const first = result.current.run;
    act(() => result.current.start({} as BalanceTeamsInput, ['balancing', 'complete'], callbacks));
    const second = result.current.run;
    if (!first || !second) throw new Error('no run');
    act(() => FakeWorker.last?.reply({ id: first.id, type: 'progress', progress: 0.5, steps: 9 }));
    expect(second.progress.get().steps).toBe(0);
    expect(first.progress.get().steps).toBe(0);
  });
});
