import { describe, expect, it } from 'vitest';
import { formatAverage, scoreBars, showsTeamScores } from './score-view';

const team = (id: string, leaderMemberId: string | null) => ({
  id,
  number: 1,
  leaderMemberId,
  memberIds: [],
});

describe('showsTeamScores', () => {
  it('is for the owner, once a team has a leader (spec part 2, section 2)', () => {
    expect(showsTeamScores({ role: 'owner', teams: [team('t1', 'm1'), team('t2', null)] })).toBe(
      true,
    );
    expect(showsTeamScores({ role: 'owner', teams: [team('t1', null)] })).toBe(false);
    expect(showsTeamScores({ role: 'leader', teams: [team('t1', 'm1')] })).toBe(false);
    expect(showsTeamScores({ role: 'member', teams: [team('t1', 'm1')] })).toBe(false);
    expect(showsTeamScores({ role: 'viewer', teams: [team('t1', 'm1')] })).toBe(false);
  });
});

describe('formatAverage', () => {
  it('shows 2 decimals, and nothing for no average', () => {
    expect(formatAverage(95)).toBe('95.00');
    expect(formatAverage(87.5)).toBe('87.50');
    expect(formatAverage(33.33)).toBe('33.33');
    expect(formatAverage(0)).toBe('0.00');
    expect(formatAverage(null)).toBeNull();
  });
});

describe('scoreBars', () => {
  it('is one bar per assignment in creation order, none for an unevaluated one', () => {
    expect(
      scoreBars({
        scores: [
          { assignmentId: 'a1', number: 1, title: 'Essay', score: 95 },
          { assignmentId: 'a2', number: 2, title: 'Quiz', score: null },
        ],
      }),
    ).toEqual([
      { assignment: '#1', title: 'Essay', score: 95 },
      { assignment: '#2', title: 'Quiz', score: null },
    ]);
  });
});
