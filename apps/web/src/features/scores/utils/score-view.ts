import type { TeamScore, WorkspaceDetail } from '@teamshuffle/domain';

// Team Scores' pure parts: when the section shows, how an average reads, and the chart's data.

/** spec part 2, section 2: Team Scores is the owner's, shown once the workspace has leaders. */
export function showsTeamScores(detail: Pick<WorkspaceDetail, 'role' | 'teams'>): boolean {
  return detail.role === 'owner' && detail.teams.some((team) => team.leaderMemberId !== null);
}

/** An average with 2 decimals ('95.00'); null (nothing to average) as null. */
export function formatAverage(value: number | null): string | null {
  return value === null ? null : value.toFixed(2);
}

/** One bar per assignment in creation order; an unevaluated one has no bar (null). */
export interface ScoreBar {
  assignment: string;
  title: string;
  score: number | null;
}

/** The chart's rows: '#1', '#2', ... with the team's score (a percent) or null. */
export function scoreBars(team: Pick<TeamScore, 'scores'>): ScoreBar[] {
  return team.scores.map((item) => ({
    assignment: `#${item.number}`,
    title: item.title,
    score: item.score,
  }));
}
