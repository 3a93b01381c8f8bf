import { describe, expect, it } from 'vitest';
import { aWeekLater } from './lecture-notes.ts';

describe('aWeekLater (Duplicate to next week, issue 26)', () => {
  it('moves the week by one and the day and the deadline by seven days', () => {
    expect(
      aWeekLater({ week: 3, date: '2026-03-16', deadline: '2026-03-20T14:59:00.000Z' }),
    ).toEqual({ week: 4, date: '2026-03-23', deadline: '2026-03-27T14:59:00.000Z' });
  });

  it('crosses months and years, and keeps an offset deadline as the same instant a week on', () => {
    expect(
      aWeekLater({ week: 15, date: '2026-12-28', deadline: '2026-12-31T23:59:00+09:00' }),
    ).toEqual({ week: 16, date: '2027-01-04', deadline: '2027-01-07T14:59:00.000Z' });
    expect(aWeekLater({ week: 1, date: '2028-02-25', deadline: null }).date).toBe('2028-03-03');
  });

  it('keeps week 20 in week 20 and leaves missing dates missing', () => {
    expect(aWeekLater({ week: 20, date: null, deadline: null })).toEqual({
      week: 20,
      date: null,
      deadline: null,
    });
  });
});
