import { describe, it, expect } from 'vitest';
import {
  bellBadge,
  isTeamComplete,
  menuBadge,
  progressColor,
  submissionBadgeColor,
} from './badge.ts';

describe('bellBadge (spec part 1, section 9: bell 99+ above 99)', () => {
  it('is hidden (null) with nothing unread', () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(-1)).toBeNull();
  });

  it('shows the count up to 99', () => {
    expect(bellBadge(1)).toBe('1');
    expect(bellBadge(99)).toBe('99');
  });

  it("shows '99+' above 99", () => {
    expect(bellBadge(100)).toBe('99+');
    expect(bellBadge(5000)).toBe('99+');
  });
});

describe('menuBadge (spec part 1, section 9: menu 9+ above 9)', () => {
  it('is hidden (null) with nothing unread', () => {
    expect(menuBadge(0)).toBeNull();
  });

  it('shows the count up to 9', () => {
    expect(menuBadge(9)).toBe('9');
  });

  it("shows '9+' above 9", () => {
    expect(menuBadge(10)).toBe('9+');
    expect(menuBadge(100)).toBe('9+');
  });
});

describe('submissionBadgeColor (spec part 2, section 4: 1 green, 2 blue, more purple)', () => {
  it('has no colour while pending', () => {
    expect(submissionBadgeColor(0)).toBeNull();
  });

  it('colours by count', () => {
    expect(submissionBadgeColor(1)).toBe('green');
    expect(submissionBadgeColor(2)).toBe('blue');
    expect(submissionBadgeColor(3)).toBe('purple');
    expect(submissionBadgeColor(12)).toBe('purple');
  });
});

describe('individual progress (spec part 2, section 4)', () => {
  it('is complete when every member has submitted', () => {
    expect(isTeamComplete(4, 4)).toBe(true);
    expect(isTeamComplete(3, 4)).toBe(false);
    expect(isTeamComplete(0, 0)).toBe(false);
  });

  it('is green when complete, yellow at 50% or more, blue otherwise', () => {
    expect(progressColor(4, 4)).toBe('green');
    expect(progressColor(2, 4)).toBe('yellow');
    expect(progressColor(3, 4)).toBe('yellow');
    expect(progressColor(1, 4)).toBe('blue');
    expect(progressColor(0, 0)).toBe('blue');
  });
});
