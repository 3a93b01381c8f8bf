import { bulkEvaluationForm } from '@teamshuffle/domain';
import type { EvaluationView } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { changedBulkEntries, initialBulkEntries, rescaleBulkEntries } from './bulk-evaluation';

const T1 = '00000000-0000-4000-8000-000000000001';
const T2 = '00000000-0000-4000-8000-000000000002';
const T3 = '00000000-0000-4000-8000-000000000003';

function grade(score: number, rawScore: number, maxScore: number, feedback = ''): EvaluationView {
  return {
    id: 'e',
    score,
    rawScore,
    maxScore,
    feedback,
    evaluatedBy: null,
    evaluatedAt: '2025-03-04T00:00:00.000Z',
    submissionId: 's',
    attempt: 1,
  };
}

describe('bulk rows', () => {
  const teams = [
    { teamId: T1, grade: grade(95, 95, 100, 'Great') },
    { teamId: T2, grade: grade(80, 40, 50) },
    { teamId: T3, grade: null },
  ];

  it("start from each team's current grade on the chosen scale", () => {
    expect(initialBulkEntries(teams, 100)).toEqual([
      { teamId: T1, score: 95, feedback: 'Great', noSubmission: false },
      { teamId: T2, score: 80, feedback: '', noSubmission: false },
      { teamId: T3, score: '', feedback: '', noSubmission: false },
    ]);
    expect(initialBulkEntries(teams, 50).map((entry) => entry.score)).toEqual([47.5, 40, '']);
  });

  it('never clamps: a score out of 0..max is its row error, an empty one no score (issue 25)', () => {
    const result = bulkEvaluationForm.safeParse({
      maxScore: 50,
      entries: [
        { teamId: T1, score: 70, feedback: '' },
        { teamId: T2, score: -3, feedback: 'ok' },
        { teamId: T3, score: '', feedback: '' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['entries.0.score', 'Score must be between 0 and 50'],
      ['entries.1.score', 'Score must be between 0 and 50'],
    ]);
    const parsed = bulkEvaluationForm.parse({
      maxScore: 50,
      entries: [
        { teamId: T1, score: 50, feedback: '' },
        { teamId: T2, score: '', feedback: 'Feedback only' },
      ],
    });
    expect(parsed.entries.map((entry) => entry.score)).toEqual([50, null]);
  });

  it('starts a team that handed nothing in without "No submission", one graded so with it', () => {
    const rows = initialBulkEntries(
      [
        { teamId: T1, grade: null, latest: null },
        { teamId: T2, grade: { ...grade(0, 0, 100), submissionId: null }, latest: null },
      ],
      100,
    );
    expect(rows.map((row) => row.noSubmission)).toEqual([false, true]);
  });

  it('refuses a form with no score and no feedback, in the API words', () => {
    const result = bulkEvaluationForm.safeParse({
      maxScore: 100,
      entries: [{ teamId: T1, score: '', feedback: '  ' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Please enter scores or feedback for at least one team',
    );
  });

  it('sends only what changed, so an unchanged grade is never moved to a newer attempt', () => {
    const values = bulkEvaluationForm.parse({
      maxScore: 100,
      entries: [
        { teamId: T1, score: 95, feedback: 'Great' }, // unchanged
        { teamId: T2, score: 80, feedback: 'Now with feedback' }, // feedback changed
        { teamId: T3, score: 70, feedback: '' }, // new
      ],
    });
    expect(changedBulkEntries(values, teams).map((entry) => entry.teamId)).toEqual([T2, T3]);
  });

  it('compares on the percent, whatever the scale', () => {
    const values = bulkEvaluationForm.parse({
      maxScore: 50,
      entries: [
        { teamId: T1, score: 47.5, feedback: 'Great' }, // 95 %: unchanged
        { teamId: T2, score: 40, feedback: '' }, // 80 %: unchanged
        { teamId: T3, score: '', feedback: '' }, // nothing
      ],
    });
    expect(changedBulkEntries(values, teams)).toEqual([]);
  });
});

describe('rescaleBulkEntries', () => {
  const teams = [
    { teamId: T1, grade: grade(95, 95, 100) },
    { teamId: T2, grade: grade(80, 80, 100) },
    { teamId: T3, grade: null },
  ];

  it('moves rows still showing their grade to the new maximum, keeps typed ones', () => {
    const entries = [
      { teamId: T1, score: 95, feedback: '' }, // the grade, untouched
      { teamId: T2, score: 70, feedback: '' }, // typed over
      { teamId: T3, score: 30, feedback: '' }, // no grade
    ];
    expect(rescaleBulkEntries(entries, teams, 100, 50).map((entry) => entry.score)).toEqual([
      47.5, 70, 30,
    ]);
  });

  it('follows the maximum as it is typed, digit by digit', () => {
    let entries = initialBulkEntries(teams, 100);
    entries = rescaleBulkEntries(entries, teams, 100, 5);
    entries = rescaleBulkEntries(entries, teams, 5, 50);
    expect(entries.map((entry) => entry.score)).toEqual([47.5, 40, '']);
  });
});
