import type { EvaluationView } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import {
  bulkMaxScoreKey,
  readBulkMaxScore,
  rememberBulkMaxScore,
  rescaleBulkScores,
  scoreOnScale,
} from './bulk-max-score';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

function grade(score: number | null, rawScore: number | null, maxScore: number): EvaluationView {
  return {
    id: 'e',
    score,
    rawScore,
    maxScore,
    feedback: '',
    evaluatedBy: null,
    evaluatedAt: '2025-03-04T00:00:00.000Z',
    submissionId: 's',
    attempt: 1,
  };
}

describe('the remembered maximum score', () => {
  it('is 100 until one is remembered, then that one, per assignment and per note', () => {
    const storage = memoryStorage();
    expect(readBulkMaxScore(storage, { assignmentId: 'a1' })).toBe(100);
    rememberBulkMaxScore(storage, { assignmentId: 'a1' }, 50);
    // The spec's key for an assignment, as earlier versions stored it.
    expect(storage.getItem('bulkMaxScore_a1')).toBe('50');
    expect(readBulkMaxScore(storage, { assignmentId: 'a1' })).toBe(50);
    expect(readBulkMaxScore(storage, { assignmentId: 'a2' })).toBe(100);

    // A note's task keeps its own, even under the same id.
    expect(readBulkMaxScore(storage, { noteId: 'a1' })).toBe(100);
    rememberBulkMaxScore(storage, { noteId: 'a1' }, 20);
    expect(bulkMaxScoreKey({ noteId: 'a1' })).not.toBe(bulkMaxScoreKey({ assignmentId: 'a1' }));
    expect(readBulkMaxScore(storage, { noteId: 'a1' })).toBe(20);
    expect(readBulkMaxScore(storage, { assignmentId: 'a1' })).toBe(50);
  });

  it('keeps it within 1..1000 and falls back to 100 for a non-number', () => {
    const storage = memoryStorage();
    const scope = { noteId: 'n1' };
    rememberBulkMaxScore(storage, scope, '5000');
    expect(readBulkMaxScore(storage, scope)).toBe(1000);
    rememberBulkMaxScore(storage, scope, 0);
    expect(readBulkMaxScore(storage, scope)).toBe(1);
    storage.setItem(bulkMaxScoreKey(scope), 'lots');
    expect(readBulkMaxScore(storage, scope)).toBe(100);
  });

  it('survives storage that refuses or is missing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readBulkMaxScore(refusing, { assignmentId: 'a1' })).toBe(100);
    expect(() => rememberBulkMaxScore(refusing, { noteId: 'n1' }, 50)).not.toThrow();
    expect(readBulkMaxScore(null, { noteId: 'n1' })).toBe(100);
  });
});

describe('scores on the dialog’s scale', () => {
  it('gives the raw score on its own scale, the percent rescaled otherwise, empty for none', () => {
    expect(scoreOnScale(grade(80, 40, 50), 50)).toBe(40);
    expect(scoreOnScale(grade(95, 95, 100), 30)).toBe(28.5);
    expect(scoreOnScale(grade(33.33, 1, 3), 100)).toBe(33.33);
    expect(scoreOnScale(grade(null, null, 100), 100)).toBe('');
    expect(scoreOnScale(null, 100)).toBe('');
  });

  it('moves rows still showing their grade to a new maximum, keeps typed and ungraded ones', () => {
    const grades = [grade(95, 95, 100), grade(80, 80, 100), null, grade(null, null, 100)];
    const entries = [
      { key: 'graded, untouched', score: 95 as number | '' },
      { key: 'typed over', score: 70 as number | '' },
      { key: 'no grade', score: 30 as number | '' },
      { key: 'feedback only', score: '' as number | '' },
    ];
    expect(rescaleBulkScores(entries, grades, 100, 50).map((entry) => entry.score)).toEqual([
      47.5,
      70,
      30,
      '',
    ]);
    expect(rescaleBulkScores(entries, grades, 100, 100)).toEqual(entries);
    // Back again: the same grade, not a rounding of it.
    const there = rescaleBulkScores(entries, grades, 100, 30);
    expect(rescaleBulkScores(there, grades, 30, 100)[0]?.score).toBe(95);
  });
});
