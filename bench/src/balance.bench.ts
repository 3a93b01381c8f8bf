// Team balancing (issue 15) on 40, 200 and 1,000 members in 8, 20 and 100 teams, with two
// numeric attributes (skill 1..5, grade 0..100), two categorical ones (gender, 35% F, spread and
// never alone; major of five, spread) and three earlier rounds. For each size: the time to a
// result (the search from a plain seeded deal until it stops by itself; median of a few seeds,
// wall clock and CPU) against the target (1,000 members under 1 s), and each objective's figure
// next to the best that 1,000 plain seeded shuffles of the same input reach (each objective's best
// over all 1,000, so the baseline is a different shuffle per objective), in the same run.
import {
  balanceSplit,
  compileProblem,
  createPrng,
  type BalanceMember,
  type BalanceOptions,
  shuffleInPlace,
  splitFigures,
  type SplitFigures,
} from '@teamshuffle/domain';
import { row } from './harness.ts';

const SIZES = [
  { members: 40, teams: 8, targetMs: null },
  { members: 200, teams: 20, targetMs: null },
  { members: 1000, teams: 100, targetMs: 1000 },
] as const;
const SEEDS = ['a', 'b', 'c', 'd', 'e'];
const PLAIN_SHUFFLES = 1000;
const MAJORS = ['CS', 'Math', 'Physics', 'Biology', 'Economics'];

/** Members with skill, grade, gender and major drawn from a seeded generator. */
export function balanceBenchMembers(count: number): BalanceMember[] {
  const prng = createPrng(`balance-bench-${count}`);
  return Array.from({ length: count }, (_, i) => ({
    id: `member-${String(i).padStart(5, '0')}`,
    name: `Member ${i}`,
    attributes: {
      skill: 1 + prng.below(5),
      grade: prng.below(1001) / 10,
      gender: prng.next() < 0.35 ? 'F' : 'M',
      major: MAJORS[prng.below(MAJORS.length)]!,
    },
  }));
}

/** A plain seeded shuffle: Fisher-Yates, then dealt round the teams (sizes differ by one). */
function plainDeal(members: readonly BalanceMember[], teams: number, seed: string): string[][] {
  const ids = shuffleInPlace(
    members.map((member) => member.id),
    createPrng(seed),
  );
  const split: string[][] = Array.from({ length: teams }, () => []);
  ids.forEach((id, k) => split[k % teams]!.push(id));
  return split;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

type Figure = { name: string; balanced: number; bestPlain: number; bound: number | null };

// The figures a split reaches, by name (lower is better for every one).
function figuresByName(
  figures: SplitFigures,
): Map<string, { value: number; bound: number | null }> {
  const named = new Map<string, { value: number; bound: number | null }>();
  for (const f of figures.numeric) named.set(`mean ${f.key} gap`, { value: f.spread, bound: null });
  for (const f of figures.spread) {
    named.set(`${f.key} count gap`, { value: f.spread, bound: f.lowerBound });
  }
  for (const f of figures.isolation) {
    named.set(`${f.key} ${f.values.join('/')} alone`, { value: f.isolated, bound: f.lowerBound });
  }
  if (figures.repeats) {
    named.set('repeat teammates', {
      value: figures.repeats.total,
      bound: figures.repeats.lowerBound,
    });
  }
  return named;
}

/** One size: time to result and each objective against the best of the plain shuffles. */
export type BalanceBenchRow = {
  members: number;
  teams: number;
  wallMs: number;
  cpuMs: number;
  maxWallMs: number;
  steps: number;
  plainMs: number;
  figures: Figure[];
  /** Plain shuffles at least as good as the balanced teams on every objective at once. */
  asGood: number;
  targetMs: number | null;
  isPass: boolean;
};

/** Runs the three sizes and prints the tables (in-process, no server). */
export function benchBalance(): BalanceBenchRow[] {
  const rows: BalanceBenchRow[] = [];
  for (const { members: count, teams, targetMs } of SIZES) {
    const members = balanceBenchMembers(count);
    const balance: BalanceOptions = {
      numeric: ['skill', 'grade'],
      spread: ['gender', 'major'],
      noIsolation: [{ key: 'gender', values: ['F'] }],
      earlierRounds: ['round-1', 'round-2', 'round-3'].map((seed) =>
        plainDeal(members, teams, seed),
      ),
    };
    const input = {
      members,
      attributes: [
        { key: 'skill', kind: 'numeric' as const },
        { key: 'grade', kind: 'numeric' as const },
        { key: 'gender', kind: 'categorical' as const },
        { key: 'major', kind: 'categorical' as const },
      ],
      balance,
    };
    // Warm-up (JIT), not counted.
    const warm = balanceSplit(input, plainDeal(members, teams, 'warm-up'), 'warm-up');
    while (!warm.run(100_000));

    const walls: number[] = [];
    const cpus: number[] = [];
    const steps: number[] = [];
    let first: ReturnType<typeof warm.result> | null = null;
    for (const seed of SEEDS) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const run = balanceSplit(input, plainDeal(members, teams, `start-${seed}`), seed);
      while (!run.run(100_000));
      const result = run.result();
      walls.push(performance.now() - start);
      const cpu = process.cpuUsage(cpuStart);
      cpus.push((cpu.user + cpu.system) / 1000);
      steps.push(result.report.steps);
      first ??= result;
    }

    // The baseline: 1,000 plain seeded shuffles, each objective's best over all of them, and
    // how many are as good as the balanced teams on every objective at once.
    const problem = compileProblem(input, teams);
    const balancedTeamOf = new Int32Array(count);
    first!.teams.forEach((team, j) => {
      for (const id of team) balancedTeamOf[problem.indexOf.get(id)!] = j;
    });
    const balanced = figuresByName(splitFigures(problem, balancedTeamOf));
    const plainStart = performance.now();
    const best = new Map<string, number>();
    let asGood = 0;
    for (let k = 0; k < PLAIN_SHUFFLES; k++) {
      const split = plainDeal(members, teams, `plain-${k}`);
      const teamOf = new Int32Array(count);
      split.forEach((team, j) => {
        for (const id of team) teamOf[problem.indexOf.get(id)!] = j;
      });
      let isAsGood = true;
      for (const [name, { value }] of figuresByName(splitFigures(problem, teamOf))) {
        best.set(name, Math.min(best.get(name) ?? Number.POSITIVE_INFINITY, value));
        if (value > balanced.get(name)!.value + 1e-9) isAsGood = false;
      }
      if (isAsGood) asGood++;
    }
    const plainMs = performance.now() - plainStart;
    const figures = [...balanced].map(([name, { value, bound }]) => ({
      name,
      balanced: value,
      bestPlain: best.get(name)!,
      bound,
    }));
    const wallMs = median(walls);
    rows.push({
      members: count,
      teams,
      wallMs,
      cpuMs: median(cpus),
      maxWallMs: Math.max(...walls),
      steps: median(steps),
      plainMs,
      figures,
      asGood,
      targetMs,
      isPass: targetMs === null || wallMs < targetMs,
    });
  }

  console.log(
    `\nBalancing: two numeric attributes, two categorical (gender spread + never alone, major spread), three earlier rounds; median of ${SEEDS.length} seeds`,
  );
  const widths = [16, 10, 10, 12, 10, 22, 18];
  console.log(
    row(
      [
        'members/teams',
        'wall ms',
        'CPU ms',
        'max wall ms',
        'steps',
        `${PLAIN_SHUFFLES} plain (ms)`,
        'target',
      ],
      widths,
    ),
  );
  for (const r of rows) {
    console.log(
      row(
        [
          `${r.members.toLocaleString('en')}/${r.teams}`,
          r.wallMs.toFixed(0),
          r.cpuMs.toFixed(0),
          r.maxWallMs.toFixed(0),
          r.steps.toLocaleString('en'),
          r.plainMs.toFixed(0),
          r.targetMs === null ? '-' : `${r.isPass ? 'PASS' : 'FAIL'} < ${r.targetMs} ms`,
        ],
        widths,
      ),
    );
  }
  const figureWidths = [16, 24, 12, 20, 14];
  console.log(
    `\nEach objective (lower is better): balanced (seed '${SEEDS[0]}') vs the best of ${PLAIN_SHUFFLES} plain seeded shuffles`,
  );
  console.log(
    row(
      ['members/teams', 'objective', 'balanced', `best of ${PLAIN_SHUFFLES} plain`, 'lower bound'],
      figureWidths,
    ),
  );
  for (const r of rows) {
    for (const f of r.figures) {
      console.log(
        row(
          [
            `${r.members.toLocaleString('en')}/${r.teams}`,
            f.name,
            Number.isInteger(f.balanced) ? f.balanced : f.balanced.toFixed(3),
            Number.isInteger(f.bestPlain) ? f.bestPlain : f.bestPlain.toFixed(3),
            f.bound === null ? '-' : f.bound,
          ],
          figureWidths,
        ),
      );
    }
  }
  for (const r of rows) {
    console.log(
      `${r.members.toLocaleString('en')}/${r.teams}: plain shuffles as good as the balanced teams on every objective at once: ${r.asGood} of ${PLAIN_SHUFFLES}`,
    );
  }
  return rows;
}
