// `npm run bench`: every benchmark, each printing its figure next to the comparison it is
// measured against in the same run. BENCH_SECONDS sets the length of each load run.
import { benchAppMainThread } from './app-main-thread.bench.ts';
import { benchAssignments } from './assignments.bench.ts';
import { benchBalance } from './balance.bench.ts';
import { benchClass } from './class.bench.ts';
import { benchFiles } from './files.bench.ts';
import { benchGradebook } from './gradebook.bench.ts';
import { benchHealth } from './health.bench.ts';
import { benchLive } from './live.bench.ts';
import { benchMemory } from './memory.bench.ts';
import { benchNotes } from './notes.bench.ts';
import { benchShuffle } from './shuffle.bench.ts';
import { benchWeb } from './web.bench.ts';
import { benchWorkspace } from './workspace.bench.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.argv[2];

if (!only || only === 'health') await benchHealth(seconds);
if (!only || only === 'workspace') await benchWorkspace(seconds);
if (!only || only === 'shuffle') await benchShuffle();
if (!only || only === 'balance') benchBalance();
if (!only || only === 'memory') await benchMemory();
if (!only || only === 'files') await benchFiles();
if (!only || only === 'notes') await benchNotes(seconds);
if (!only || only === 'assignments') await benchAssignments(seconds);
if (!only || only === 'live') await benchLive();
if (!only || only === 'web') await benchWeb();
// Short load runs by default: the class bench makes about twenty on each database.
if (!only || only === 'class') await benchClass(Number(process.env.BENCH_SECONDS ?? 2));
if (!only || only === 'app') await benchAppMainThread();
// Short load runs by default, as the class bench.
if (!only || only === 'gradebook') await benchGradebook(Number(process.env.BENCH_SECONDS ?? 2));
