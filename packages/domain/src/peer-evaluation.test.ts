// Peer evaluation's math (issue 25, decision 0026): averages, the capped factor, the flags and
// their thresholds; bounded property tests (a fixed numRuns each) over random teams.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustmentFactor,
  applyPeerFactor,
  computePeerResults,
  isUniformRater,
  PEER_DIMENSIONS,
  PEER_FACTOR_CAP_DEFAULT,
  PEER_FLAG_THRESHOLDS,
  peerEvaluationCreateInput,
  peerEvaluationState,
  peerResponseInput,
  type PeerRating,
  type PeerScores,
  scoresMean,
} from './peer-evaluation.ts';

const all = (n: number): PeerScores => ({
  contributing: n,
  interacting: n,
  keepingOnTrack: n,
  expectingQuality: n,
  knowledge: n,
});
const rate = (raterId: string, rateeId: string, scores: PeerScores): PeerRating => ({
  raterId,
  rateeId,
  scores,
});
const team = (teamId: string, ...ids: string[]) => ids.map((memberId) => ({ memberId, teamId }));

describe('peer evaluation math', () => {
  it('averages by others and by self apart, per dimension too', () => {
    const { members } = computePeerResults(
      team('t', 'a', 'b', 'c'),
      [rate('a', 'a', all(5)), rate('b', 'a', all(3)), rate('c', 'a', { ...all(4), knowledge: 2 })],
      PEER_FACTOR_CAP_DEFAULT,
    );
    const a = members.find((m) => m.memberId === 'a')!;
    expect(a.bySelf).toBe(5);
    expect(a.byOthers).toBeCloseTo((3 + 3.6) / 2);
    expect(a.byOthersPerDimension.knowledge).toBe(2.5);
    expect(a.byOthersPerDimension.contributing).toBe(3.5);
    expect(a.raterCount).toBe(2);
    expect(members.find((m) => m.memberId === 'b')!.byOthers).toBeNull();
  });

  it("divides a member's average by the team's and caps it at the owner's cap", () => {
    // a: 5 by others, b: 3 by others; the team's average is 4.
    const ratings = [rate('b', 'a', all(5)), rate('a', 'b', all(3))];
    const { members, teams } = computePeerResults(team('t', 'a', 'b'), ratings, 1.05);
    expect(teams[0]!.average).toBe(4);
    expect(members.find((m) => m.memberId === 'a')!.factor).toBe(1.05);
    expect(members.find((m) => m.memberId === 'b')!.factor).toBe(0.75);
    const uncapped = computePeerResults(team('t', 'a', 'b'), ratings, 1.5).members;
    expect(uncapped.find((m) => m.memberId === 'a')!.factor).toBe(1.25);
  });

  it('flags a member who rates themselves far above how others rate them', () => {
    const gap = PEER_FLAG_THRESHOLDS.selfAboveOthers;
    const flagged = computePeerResults(
      team('t', 'a', 'b'),
      [rate('a', 'a', all(5)), rate('b', 'a', all(5 - gap))],
      1.05,
    ).members[0]!;
    expect(flagged.flags).toContain('self_above_others');
    const modest = computePeerResults(
      team('t', 'a', 'b'),
      [rate('a', 'a', all(4)), rate('b', 'a', all(4))],
      1.05,
    ).members[0]!;
    expect(modest.flags).not.toContain('self_above_others');
  });

  it('flags a rater who gives every teammate the top or the bottom score, not one who rates one', () => {
    const tops = [rate('a', 'b', all(5)), rate('a', 'c', all(5)), rate('a', 'a', all(3))];
    expect(isUniformRater('a', tops)).toBe(true);
    expect(isUniformRater('a', [rate('a', 'b', all(1)), rate('a', 'c', all(1))])).toBe(true);
    expect(isUniformRater('a', [rate('a', 'b', all(5))])).toBe(false);
    expect(isUniformRater('a', [rate('a', 'b', all(5)), rate('a', 'c', all(4))])).toBe(false);
  });

  it('flags a team whose ratings disagree strongly, and not one that agrees', () => {
    // b and c are each rated 1 by one teammate and 5 by the other: a spread of 2.
    const split = computePeerResults(
      team('t', 'a', 'b', 'c'),
      [
        rate('a', 'b', all(1)),
        rate('c', 'b', all(5)),
        rate('a', 'c', all(5)),
        rate('b', 'c', all(1)),
      ],
      1.05,
    );
    expect(split.teams[0]!.isDisagreeing).toBe(true);
    const agree = computePeerResults(
      team('t', 'a', 'b', 'c'),
      [
        rate('a', 'b', all(4)),
        rate('c', 'b', all(4)),
        rate('a', 'c', all(3)),
        rate('b', 'c', all(4)),
      ],
      1.05,
    );
    expect(agree.teams[0]!.isDisagreeing).toBe(false);
    expect(agree.teams[0]!.spread).toBeLessThan(PEER_FLAG_THRESHOLDS.teamDisagreement);
  });

  it('ignores a rating across teams (a member moved since)', () => {
    const { members } = computePeerResults(
      [...team('t1', 'a'), ...team('t2', 'b')],
      [rate('b', 'a', all(1))],
      1.05,
    );
    expect(members[0]!.byOthers).toBeNull();
  });

  it('applies a factor within 0..maximum and leaves a score without one alone', () => {
    expect(applyPeerFactor(80, 0.5, 100)).toBe(40);
    expect(applyPeerFactor(98, 1.05, 100)).toBe(100);
    expect(applyPeerFactor(80, null, 100)).toBe(80);
    expect(adjustmentFactor(null, 4, 1.05)).toBeNull();
  });

  it('states the window', () => {
    const window = { startsAt: '2026-01-01T00:00:00Z', endsAt: '2026-01-08T00:00:00Z' };
    expect(peerEvaluationState(window, new Date('2025-12-31T00:00:00Z'))).toBe('scheduled');
    expect(peerEvaluationState(window, new Date('2026-01-02T00:00:00Z'))).toBe('open');
    expect(peerEvaluationState(window, new Date('2026-01-08T00:00:00Z'))).toBe('closed');
  });
});

describe('peer evaluation inputs', () => {
  const teamId = '6f1c2b0e-1d2a-4c3b-8e4f-5a6b7c8d9e0f';
  it('refuses an end before the start, a team twice and a cap out of range', () => {
    const base = {
      title: 'Midterm',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-01-08T00:00:00Z',
      teamIds: [teamId],
    };
    expect(peerEvaluationCreateInput.safeParse(base).success).toBe(true);
    expect(
      peerEvaluationCreateInput.safeParse({ ...base, endsAt: base.startsAt }).error?.issues[0]
        ?.path,
    ).toEqual(['endsAt']);
    expect(
      peerEvaluationCreateInput.safeParse({ ...base, teamIds: [teamId, teamId] }).success,
    ).toBe(false);
    expect(peerEvaluationCreateInput.safeParse({ ...base, factorCap: 3 }).success).toBe(false);
    expect(peerEvaluationCreateInput.safeParse({ ...base, teamIds: [] }).success).toBe(false);
  });

  it('refuses a rating outside 1..5, a fraction and a teammate rated twice', () => {
    const one = { rateeMemberId: teamId, scores: all(3) };
    expect(peerResponseInput.safeParse({ ratings: [one] }).success).toBe(true);
    expect(
      peerResponseInput.safeParse({ ratings: [{ ...one, scores: { ...all(3), knowledge: 6 } }] })
        .success,
    ).toBe(false);
    expect(
      peerResponseInput.safeParse({ ratings: [{ ...one, scores: { ...all(3), knowledge: 2.5 } }] })
        .success,
    ).toBe(false);
    expect(peerResponseInput.safeParse({ ratings: [one, one] }).success).toBe(false);
  });
});

describe('peer evaluation properties', () => {
  const scores = fc.record(
    Object.fromEntries(PEER_DIMENSIONS.map((d) => [d, fc.integer({ min: 1, max: 5 })])) as Record<
      keyof PeerScores,
      fc.Arbitrary<number>
    >,
  ) as fc.Arbitrary<PeerScores>;
  // A team of 2-6 members where each rater rates some of the team (self included or not).
  const teamAndRatings = fc.integer({ min: 2, max: 6 }).chain((size) => {
    const ids = Array.from({ length: size }, (_, i) => `m${i}`);
    return fc
      .array(fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids), scores), {
        maxLength: size * size,
      })
      .map((list) => {
        const seen = new Set<string>();
        const ratings = list
          .filter(
            ([rater, ratee]) => !seen.has(`${rater}>${ratee}`) && seen.add(`${rater}>${ratee}`),
          )
          .map(([rater, ratee, s]) => rate(rater, ratee, s));
        return { members: team('t', ...ids), ratings };
      });
  });
  const cap = fc.double({ min: 1, max: 1.5, noNaN: true });

  it('keeps every average within 1..5 and every factor within (0, cap]', () => {
    fc.assert(
      fc.property(teamAndRatings, cap, ({ members, ratings }, c) => {
        const result = computePeerResults(members, ratings, c);
        for (const m of result.members) {
          for (const v of [m.byOthers, m.bySelf]) {
            if (v !== null) expect(v >= 1 && v <= 5).toBe(true);
          }
          if (m.factor !== null) expect(m.factor > 0 && m.factor <= c + 1e-12).toBe(true);
          expect((m.factor === null) === (m.byOthers === null)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the factor 1 to everyone when every rating is the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 5 }), (size, n) => {
        const ids = Array.from({ length: size }, (_, i) => `m${i}`);
        const ratings = ids.flatMap((a) => ids.map((b) => rate(a, b, all(n))));
        const result = computePeerResults(team('t', ...ids), ratings, PEER_FACTOR_CAP_DEFAULT);
        expect(
          result.members.every((m) => m.factor !== null && Math.abs(m.factor - 1) < 1e-12),
        ).toBe(true);
        expect(result.teams[0]!.isDisagreeing).toBe(false);
        expect(result.members.every((m) => !m.flags.includes('self_above_others'))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('does not depend on the order of the ratings', () => {
    fc.assert(
      fc.property(teamAndRatings, ({ members, ratings }) => {
        const forward = computePeerResults(members, ratings, 1.05);
        const backward = computePeerResults(members, [...ratings].reverse(), 1.05);
        for (const [i, m] of forward.members.entries()) {
          const other = backward.members[i]!;
          if (m.byOthers === null) expect(other.byOthers).toBeNull();
          else expect(other.byOthers).toBeCloseTo(m.byOthers, 9);
          expect(other.flags.sort()).toEqual([...m.flags].sort());
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a mean of a rating lies within its lowest and highest dimension', () => {
    fc.assert(
      fc.property(scores, (s) => {
        const values = PEER_DIMENSIONS.map((d) => s[d]);
        const m = scoresMean(s);
        expect(m >= Math.min(...values) && m <= Math.max(...values)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
