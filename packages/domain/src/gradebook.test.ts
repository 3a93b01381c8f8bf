import { describe, expect, it } from 'vitest';
import {
  categoryOf,
  gradebookWeights,
  gradeOverrideInput,
  gradeTotals,
  itemLabel,
} from './gradebook.ts';

describe('gradebook', () => {
  it('averages each category and weights the ones that have a grade', () => {
    const cells = [
      { category: 'assignments' as const, score: 80, isExcused: false },
      { category: 'assignments' as const, score: null, isExcused: false },
      { category: 'tasks' as const, score: 90, isExcused: false },
      { category: 'tasks' as const, score: 0, isExcused: true },
    ];
    expect(gradeTotals(cells, { assignments: 1, tasks: 1, peer: 1 })).toEqual({
      categories: { assignments: 80, tasks: 90, peer: null },
      finalPercent: 85,
    });
    expect(gradeTotals(cells, { assignments: 3, tasks: 1, peer: 0 }).finalPercent).toBe(82.5);
    expect(gradeTotals([], { assignments: 1, tasks: 1, peer: 1 }).finalPercent).toBeNull();
  });

  it('labels and files items by kind', () => {
    expect(itemLabel('assignment', 2)).toBe('A2');
    expect(itemLabel('individual_task', 1)).toBe('I1');
    expect(categoryOf('team_task')).toBe('tasks');
  });

  it('refuses weights that are all zero and an override with neither score nor excuse', () => {
    expect(gradebookWeights.safeParse({ assignments: 0, tasks: 0, peer: 0 }).success).toBe(false);
    const key = {
      memberId: '11111111-1111-4111-8111-111111111111',
      itemKind: 'assignment',
      itemId: '22222222-2222-4222-8222-222222222222',
    };
    expect(gradeOverrideInput.safeParse({ ...key, score: null, reason: 'x' }).success).toBe(false);
    expect(
      gradeOverrideInput.safeParse({ ...key, score: null, isExcused: true, reason: 'Ill' }).success,
    ).toBe(true);
  });
});
