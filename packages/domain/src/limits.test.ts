import { describe, it, expect } from 'vitest';
import {
  bulkMaxScoreFrom,
  clamp,
  clampBulkScore,
  maxFileSizeMbFrom,
  teamCountFrom,
} from './limits.ts';

describe('clamp', () => {
  it('keeps values inside and pulls others to the bounds', () => {
    expect(clamp(5, 1, 10)).toBe(5);
    expect(clamp(-1, 1, 10)).toBe(1);
    expect(clamp(11, 1, 10)).toBe(10);
  });
});

describe('teamCountFrom (spec part 1, section 5: 2 to 10, 4 if not a number)', () => {
  it('keeps counts in range', () => {
    expect(teamCountFrom(2)).toBe(2);
    expect(teamCountFrom('10')).toBe(10);
  });

  it('clamps counts out of range', () => {
    expect(teamCountFrom(1)).toBe(2);
    expect(teamCountFrom(11)).toBe(10);
  });

  it('falls back to 4 for non-numbers', () => {
    expect(teamCountFrom('')).toBe(4);
    expect(teamCountFrom('abc')).toBe(4);
    expect(teamCountFrom(Number.NaN)).toBe(4);
    expect(teamCountFrom(undefined)).toBe(4);
  });

  it('drops fractions', () => {
    expect(teamCountFrom('3.7')).toBe(3);
  });
});

describe('maxFileSizeMbFrom (spec part 2, section 5: whole number 1 to 100, default 5)', () => {
  it('keeps and clamps', () => {
    expect(maxFileSizeMbFrom('20')).toBe(20);
    expect(maxFileSizeMbFrom(0)).toBe(1);
    expect(maxFileSizeMbFrom(500)).toBe(100);
  });

  it('falls back to 5 for non-numbers', () => {
    expect(maxFileSizeMbFrom('big')).toBe(5);
    expect(maxFileSizeMbFrom(null)).toBe(5);
  });
});

describe('bulk evaluation (spec part 2, section 5)', () => {
  it('takes a maximum score from 1 to 1000, default 100', () => {
    expect(bulkMaxScoreFrom('50')).toBe(50);
    expect(bulkMaxScoreFrom(0)).toBe(1);
    expect(bulkMaxScoreFrom(1001)).toBe(1000);
    expect(bulkMaxScoreFrom('')).toBe(100);
  });

  it('clamps each score between 0 and the maximum', () => {
    expect(clampBulkScore(-5, 50)).toBe(0);
    expect(clampBulkScore(60, 50)).toBe(50);
    expect(clampBulkScore(42.5, 50)).toBe(42.5);
    expect(clampBulkScore(Number.NaN, 50)).toBe(0);
  });
});
