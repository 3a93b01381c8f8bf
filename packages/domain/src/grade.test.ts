import { describe, it, expect } from 'vitest';
import { averageScore, gradeFromPercent, gradeFromScore, roundTo } from './grade.ts';

describe('gradeFromPercent (spec part 2, section 9: grade scale)', () => {
  it('gives each grade from its threshold', () => {
    expect(gradeFromPercent(100)).toEqual({ grade: 'A', color: 'green' });
    expect(gradeFromPercent(90)).toEqual({ grade: 'A', color: 'green' });
    expect(gradeFromPercent(80)).toEqual({ grade: 'B', color: 'blue' });
    expect(gradeFromPercent(70)).toEqual({ grade: 'C', color: 'yellow' });
    expect(gradeFromPercent(60)).toEqual({ grade: 'D', color: 'orange' });
    expect(gradeFromPercent(0)).toEqual({ grade: 'F', color: 'red' });
  });

  it('gives the lower grade just below each threshold', () => {
    expect(gradeFromPercent(89.99).grade).toBe('B');
    expect(gradeFromPercent(79.99).grade).toBe('C');
    expect(gradeFromPercent(69.99).grade).toBe('D');
    expect(gradeFromPercent(59.99).grade).toBe('F');
  });

  it('gives F for NaN', () => {
    expect(gradeFromPercent(Number.NaN)).toEqual({ grade: 'F', color: 'red' });
  });
});

describe('gradeFromScore (percent of max)', () => {
  it('grades relative to the maximum', () => {
    expect(gradeFromScore(45, 50).grade).toBe('A');
    expect(gradeFromScore(899, 1000).grade).toBe('B');
    expect(gradeFromScore(90, 100).grade).toBe('A');
  });

  it('gives F when the maximum is 0', () => {
    expect(gradeFromScore(10, 0).grade).toBe('F');
  });
});

describe('roundTo', () => {
  it('rounds half away from zero without binary artefacts', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(1e-7, 2)).toBe(0);
    expect(roundTo(1e21, 2)).toBe(1e21);
  });
});

describe('averageScore (spec part 2, section 7: average rounded to 2 decimals)', () => {
  it('is null without scores', () => {
    expect(averageScore([])).toBeNull();
  });

  it('averages and rounds to 2 decimals', () => {
    expect(averageScore([90])).toBe(90);
    expect(averageScore([80, 90])).toBe(85);
    expect(averageScore([100, 90, 90])).toBe(93.33);
    expect(averageScore([100, 100, 95])).toBe(98.33);
    expect(averageScore([0, 0, 1])).toBe(0.33);
    expect(averageScore([1, 1, 2])).toBe(1.33);
    expect(averageScore([2, 2, 1])).toBe(1.67);
  });
});
