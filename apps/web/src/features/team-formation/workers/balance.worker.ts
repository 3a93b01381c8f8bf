// The balancing search off the main thread (issue 15): the page stays responsive and the shuffle
// overlay shows real progress. The search runs in slices of BALANCE_PROGRESS_MS; between slices
// the worker reports progress and reads a stop. It ends when the search is done, at the time
// budget, or on a stop, always with the best teams found so far. How far it got is in the
// result's `balance.steps`, which (with the seed) replays the same teams anywhere.
import { isAppError, startBalance } from '@teamshuffle/domain';
import type { BalanceReply, BalanceRequest } from '../model/balance-messages';
import { BALANCE_PROGRESS_MS } from '../model/balance-messages';

// The worker's global scope, typed by what this file uses (the app's types are the DOM's).
type WorkerScope = {
  postMessage: (message: BalanceReply) => void;
  onmessage: ((event: MessageEvent<BalanceRequest>) => void) | null;
};
const scope = self as unknown as WorkerScope;
// Steps between clock reads: small enough to stop on time on a slow device.
const STEPS_PER_CHECK = 500;
let isStopAsked = false;
// The search that is current: a slice of an older one (started before a newer start) ends there.
let currentId = -1;

function reply(message: BalanceReply) {
  scope.postMessage(message);
}

function start(request: Extract<BalanceRequest, { type: 'start' }>) {
  const { id } = request;
  currentId = id;
  isStopAsked = false;
  let run: ReturnType<typeof startBalance>;
  try {
    run = startBalance(request.input);
  } catch (error) {
    reply({
      id,
      type: 'failed',
      failure: isAppError(error)
        ? { id: error.id, message: error.message }
        : { id: 'unknown', message: error instanceof Error ? error.message : String(error) },
    });
    return;
  }
  const startedAt = performance.now();
  let peak = 0;
  const slice = () => {
    if (currentId !== id) return;
    const sliceEnd = performance.now() + BALANCE_PROGRESS_MS;
    let isDone = false;
    while (!isDone && !isStopAsked && performance.now() < sliceEnd) {
      isDone = run.run(STEPS_PER_CHECK);
    }
    const isOverBudget = performance.now() - startedAt >= request.budgetMs;
    if (isDone || isStopAsked || isOverBudget) {
      reply({ id, type: 'done', result: run.result(), isCut: !isDone });
      return;
    }
    peak = Math.max(peak, run.progress());
    const byTime = (performance.now() - startedAt) / request.budgetMs;
    reply({ id, type: 'progress', progress: Math.max(peak, byTime), steps: run.steps() });
    setTimeout(slice, 0);
  };
  slice();
}

scope.onmessage = (event: MessageEvent<BalanceRequest>) => {
  if (event.data.type === 'stop') isStopAsked = true;
  else start(event.data);
};
