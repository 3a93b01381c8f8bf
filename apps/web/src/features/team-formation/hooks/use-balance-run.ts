import type { BalanceTeamsInput, BalanceTeamsResult } from '@teamshuffle/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BALANCE_TIME_BUDGET_MS } from '../model/balance-messages';
import type { BalanceReply, BalanceRequest } from '../model/balance-messages';
import type { ShuffleFailure } from '../model/run-shuffle';
import { createValueStore } from '../model/progress-store';
import type { ValueStore } from '../model/progress-store';
import type { ShufflePhase } from '../model/shuffle-phases';

/** How far a balancing search has got, as the shuffle overlay shows it. */
export type BalanceProgress = {
  /** 0..1, from the worker. */
  progress: number;
  /** Arrangements tried so far. */
  steps: number;
  /** The result is in: the overlay shows 'complete' for one step, then closes. */
  isDone: boolean;
};

/**
 * A balancing search in progress. Its progress changes every BALANCE_PROGRESS_MS and lives in a
 * store that only the overlay's progress reads (issue 22): the page renders when a search starts
 * and when it ends, not on every report.
 */
export type BalanceRun = {
  id: number;
  phases: ShufflePhase[];
  progress: ValueStore<BalanceProgress>;
};

export type BalanceCallbacks = {
  onDone: (result: BalanceTeamsResult, isCut: boolean) => void;
  onFailed: (failure: ShuffleFailure) => void;
};

export type BalanceRunner = {
  run: BalanceRun | null;
  start: (input: BalanceTeamsInput, phases: ShufflePhase[], callbacks: BalanceCallbacks) => void;
  /** Stop now: the worker answers with the best teams so far (or, once done, close). */
  stop: () => void;
};

type Handlers = {
  onMessage: (message: BalanceReply) => void;
  onError: (event: ErrorEvent) => void;
};

// Created on the first balanced shuffle only, so /app does not load the search up front. Its
// messages go to whatever run is current (`handlers`).
function createWorker(handlers: { current: Handlers | null }): Worker {
  const worker = new Worker(new URL('../workers/balance.worker.ts', import.meta.url), {
    type: 'module',
  });
  worker.addEventListener('message', (event: MessageEvent<BalanceReply>) =>
    handlers.current?.onMessage(event.data),
  );
  worker.addEventListener('error', (event) => handlers.current?.onError(event));
  return worker;
}

/**
 * Runs the balancing search in a Web Worker (issue 15): progress for the overlay, a stop that
 * keeps the best so far, and the result once the search ends (done, time budget or stop). The
 * result is shown after one more overlay step on 'complete', or at once when stopped then.
 */
export function useBalanceRun(stepMs: number): BalanceRunner {
  const [run, setRun] = useState<BalanceRun | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const pendingRef = useRef<{ id: number; finish: () => void } | null>(null);
  const timerRef = useRef(0);
  const idRef = useRef(0);
  const handlersRef = useRef<Handlers | null>(null);

  useEffect(
    () => () => {
      window.clearTimeout(timerRef.current);
      workerRef.current?.terminate();
      workerRef.current = null;
    },
    [],
  );

  const start = useCallback(
    (input: BalanceTeamsInput, phases: ShufflePhase[], callbacks: BalanceCallbacks) => {
      const id = ++idRef.current;
      let worker = workerRef.current;
      if (!worker) {
        try {
          worker = createWorker(handlersRef);
        } catch (error) {
          callbacks.onFailed({
            id: 'unknown',
            message: error instanceof Error ? error.message : String(error),
          });
          return;
        }
        workerRef.current = worker;
      }
      const progress = createValueStore<BalanceProgress>({ progress: 0, steps: 0, isDone: false });
      setRun({ id, phases, progress });
      const close = () => {
        window.clearTimeout(timerRef.current);
        pendingRef.current = null;
        setRun((current) => (current?.id === id ? null : current));
      };
      const onMessage = (message: BalanceReply) => {
        if (idRef.current !== id || message.id !== id) return;
        switch (message.type) {
          case 'progress':
            progress.set({ progress: message.progress, steps: message.steps, isDone: false });
            return;
          case 'failed':
            close();
            callbacks.onFailed(message.failure);
            return;
          case 'done': {
            const finish = () => {
              close();
              callbacks.onDone(message.result, message.isCut);
            };
            pendingRef.current = { id, finish };
            progress.set({ progress: 1, steps: message.result.balance.steps, isDone: true });
            timerRef.current = window.setTimeout(finish, stepMs);
            return;
          }
        }
      };
      const onError = (event: ErrorEvent) => {
        if (idRef.current !== id) return;
        event.preventDefault();
        close();
        callbacks.onFailed({ id: 'unknown', message: event.message });
      };
      handlersRef.current = { onMessage, onError };
      const request: BalanceRequest = {
        type: 'start',
        id,
        input,
        budgetMs: BALANCE_TIME_BUDGET_MS,
      };
      worker.postMessage(request);
    },
    [stepMs],
  );

  const stop = useCallback(() => {
    const pending = pendingRef.current;
    if (pending && pending.id === idRef.current) {
      pending.finish();
      return;
    }
    const request: BalanceRequest = { type: 'stop' };
    workerRef.current?.postMessage(request);
  }, []);

  return { run, start, stop };
}
