import type { BalanceTeamsInput, BalanceTeamsResult } from '@teamshuffle/domain';
import type { ShuffleFailure } from './run-shuffle';

// The messages between /app and the balancing worker (workers/balance.worker.ts).

/** Longest a balancing search runs before it stops with the best teams so far. */
export const BALANCE_TIME_BUDGET_MS = 4000;
/** How often the worker reports progress (and checks for a stop). */
export const BALANCE_PROGRESS_MS = 50;

/**
 * From the page: start search `id` (a newer start abandons an older search), or stop the running
 * one now (the best so far comes back).
 */
export type BalanceRequest =
  { type: 'start'; id: number; input: BalanceTeamsInput; budgetMs: number } | { type: 'stop' };

/** From the worker, about search `id`: progress 0..1, the result, or why it cannot be formed. */
export type BalanceReply = { id: number } & (
  | { type: 'progress'; progress: number; steps: number }
  | { type: 'done'; result: BalanceTeamsResult; isCut: boolean }
  | { type: 'failed'; failure: ShuffleFailure }
);
