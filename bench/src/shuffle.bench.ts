// The team-formation engine (formTeams) on 100, 10,000 and 100,000 members in 10 teams, with
// constraints on a tenth of the members, against a plain sort-by-random shuffle without
// constraints (the biased shuffle of the app the spec was written from), in the same process and
// run. Targets: 10,000 members under 20 ms, 100,000 under 200 ms (median per call), linear growth.
import { createPrng, formTeams, type FormTeamsInput, type Prng } from '@teamshuffle/domain';
import { row } from './harness.ts';

const TEAMS = 10;
const SIZES = [
  { members: 100, runs: 50, warmUp: 10, targetMs: null },
  { members: 10_000, runs: 50, warmUp: 10, targetMs: 20 },
  { members: 100_000, runs: 25, warmUp: 3, targetMs: 200 },
] as const;
const NAMES = ['Ann', 'Ben', 'Cho', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kim', 'Lee'];

/**
 * Members (names repeat) and constraints touching a tenth of them, chosen at random: up to five
 * locked teams of three (more than ten would not fit ten teams), then fixed pairs and keep-apart
 * pairs; some keep-apart pairs reach into fixed pairs, so constraints overlap.
 */
export function benchInput(memberCount: number): FormTeamsInput {
  const prng = createPrng(`bench-input-${memberCount}`);
  const members = Array.from({ length: memberCount }, (_, i) => ({
    id: `member-${String(i).padStart(6, '0')}`,
    name: NAMES[i % NAMES.length]!,
  }));
  // A random tenth of the members, in random order (partial Fisher-Yates).
  const order = members.map((member) => member.id);
  const touched = Math.floor(memberCount / 10);
  for (let i = 0; i < touched; i++) {
    const j = i + prng.below(memberCount - i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const pick = order.slice(0, touched);
  let next = 0;
  const take = (count: number) => pick.slice(next, (next += count));
  const lockedTeams = Array.from({ length: Math.min(5, Math.floor(touched / 20) + 1) }, (_, k) => ({
    id: `locked-${k}`,
    memberIds: take(3),
  }));
  const rest = touched - next;
  const fixedPairs = Array.from({ length: Math.floor((rest * 0.6) / 2) }, (_, k) => ({
    id: `pair-${k}`,
    memberIds: take(2),
  }));
  const keepApart: { id: string; memberIds: string[] }[] = [];
  for (let k = 0; next + 2 <= touched; k++) {
    const [a, b] = take(2) as [string, string];
    const joined = fixedPairs[k % Math.max(1, fixedPairs.length)];
    if (k % 3 === 0 && joined) {
      // Every third time, both reach into a fixed pair instead, so constraints overlap.
      keepApart.push({ id: `apart-${k}-a`, memberIds: [a, joined.memberIds[0]!] });
      keepApart.push({ id: `apart-${k}-b`, memberIds: [b, joined.memberIds[1]!] });
    } else keepApart.push({ id: `apart-${k}`, memberIds: [a, b] });
  }
  return { members, teamCount: TEAMS, fixedPairs, lockedTeams, keepApart, seed: 'bench' };
}

/** The spec's source shuffle: sort by a random comparator, then cut into teams (biased; no constraints). */
function sortByRandom(members: FormTeamsInput['members'], teams: number, prng: Prng): string[][] {
  const shuffled = [...members].sort(() => prng.next() - 0.5);
  const result: string[][] = Array.from({ length: teams }, () => []);
  shuffled.forEach((member, i) => result[i % teams]!.push(member.id));
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// Median time of each of two calls, alternating them run by run so that background load and
// garbage collection hit both alike. Warm-up runs first (JIT), not counted.
function timeAlternating(
  runs: number,
  warmUp: number,
  first: (run: number) => unknown,
  second: (run: number) => unknown,
): [number, number] {
  for (let i = 0; i < warmUp; i++) {
    first(-1 - i);
    second(-1 - i);
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, call] of [first, second].entries()) {
      const start = performance.now();
      call(i);
      times[k]!.push(performance.now() - start);
    }
  }
  return [median(times[0]), median(times[1])];
}

/** One size: medians of the engine and of the baseline, and the target. */
export type ShuffleBenchRow = {
  members: number;
  engineMs: number;
  baselineMs: number;
  targetMs: number | null;
  isPass: boolean;
};

/** Runs the three sizes and prints the table (in-process, no server). */
export async function benchShuffle(): Promise<ShuffleBenchRow[]> {
  const rows: ShuffleBenchRow[] = [];
  for (const { members: count, runs, warmUp, targetMs } of SIZES) {
    const input = benchInput(count);
    // Sanity: the measured calls succeed and place everyone.
    const check = formTeams(input);
    const placed = check.teams.reduce((sum, team) => sum + team.memberIds.length, 0);
    if (placed !== count || !check.report.isEven) throw new Error(`bad result for ${count}`);
    const [engineMs, baselineMs] = timeAlternating(
      runs,
      warmUp,
      (run) => formTeams({ ...input, seed: `run-${run}` }),
      (run) => sortByRandom(input.members, TEAMS, createPrng(`baseline-${run}`)),
    );
    rows.push({
      members: count,
      engineMs,
      baselineMs,
      targetMs,
      isPass: targetMs === null || engineMs < targetMs,
    });
  }
  const constrained = benchInput(SIZES[1].members);
  const widths = [10, 14, 16, 8, 14, 16];
  console.log(
    `\nformTeams vs sort-by-random shuffle (${TEAMS} teams; constraints on a tenth of the members, e.g. 10,000: ${constrained.fixedPairs?.length} fixed pairs, ${constrained.lockedTeams?.length} locked teams, ${constrained.keepApart?.length} keep-apart pairs; median per call)`,
  );
  console.log(
    row(['members', 'engine ms', 'sort-random ms', 'ratio', 'engine ms/1k', 'target'], widths),
  );
  for (const r of rows) {
    console.log(
      row(
        [
          r.members.toLocaleString('en'),
          r.engineMs.toFixed(2),
          r.baselineMs.toFixed(2),
          (r.engineMs / r.baselineMs).toFixed(2),
          ((r.engineMs / r.members) * 1000).toFixed(3),
          r.targetMs === null ? '-' : `${r.isPass ? 'PASS' : 'FAIL'} < ${r.targetMs} ms`,
        ],
        widths,
      ),
    );
  }
  const [, tenThousand, hundredThousand] = rows;
  if (tenThousand && hundredThousand) {
    console.log(
      `growth 10,000 -> 100,000 members: x${(hundredThousand.engineMs / tenThousand.engineMs).toFixed(1)} time for x10 members (linear = x10)`,
    );
  }
  return rows;
}
