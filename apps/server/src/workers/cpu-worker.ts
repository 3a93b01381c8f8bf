// The worker thread of the CPU pool (cpu-pool.ts): loads the task list named in workerData, then
// runs one task per message and answers with its value or its error. Errors are sent as plain
// data (an AppError keeps its catalogue id and field), since a thread cannot pass a class.
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { CpuTaskLoaders, TaskReply, TaskRequest, WorkerData } from './cpu-pool.ts';

if (!parentPort) throw new Error('cpu-worker.ts runs only as a worker thread');
const port = parentPort;
const { tasksUrl, niceness } = workerData as WorkerData;
// Linux keeps a nice value per thread, and setpriority(0) names the calling thread: this lowers
// the worker alone, so the event loop wins a busy core (elsewhere it would lower the process).
if (process.platform === 'linux' && niceness > 0) {
  try {
    setPriority(Math.min(19, getPriority() + niceness));
  } catch {
    // Not allowed here (a restricted container): the worker runs at the process's priority.
  }
}
const { cpuTasks } = (await import(tasksUrl)) as { cpuTasks: CpuTaskLoaders };

function errorOf(error: unknown): Extract<TaskReply, { ok: false }>['error'] {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { id, field } = error as Error & { id?: unknown; field?: unknown };
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    ...(error.name === 'AppError' && typeof id === 'string'
      ? { appError: { id, field: typeof field === 'string' ? field : undefined } }
      : {}),
  };
}

async function answer({ id, name, args }: TaskRequest) {
  let reply: TaskReply;
  try {
    const load = Object.hasOwn(cpuTasks, name) ? cpuTasks[name] : undefined;
    if (!load) throw new Error(`There is no CPU task named ${name}`);
    const task = (await load()) as (...taskArgs: unknown[]) => unknown;
    reply = { id, ok: true, value: await task(...args) };
    port.postMessage(reply);
  } catch (error) {
    reply = { id, ok: false, error: errorOf(error) };
    port.postMessage(reply);
  }
}

port.on('message', (request: TaskRequest) => void answer(request));
