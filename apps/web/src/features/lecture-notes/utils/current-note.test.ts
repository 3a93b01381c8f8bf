import type { LectureNote } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { currentNote, localIsoDate } from './current-note';

function note(id: string, date: string | null, isPublished = true, week = 1): LectureNote {
  return { id, date, isPublished, week } as LectureNote;
}

describe('the lecture note kept in front', () => {
  it('is the latest lecture on or before today', () => {
    const notes = [note('w1', '2026-09-01'), note('w3', '2026-09-15'), note('w2', '2026-09-08')];
    expect(currentNote(notes, '2026-09-10')?.id).toBe('w2');
    expect(currentNote(notes, '2026-09-15')?.id).toBe('w3');
    expect(currentNote(notes, '2026-12-01')?.id).toBe('w3');
  });

  it('is the next lecture before the first one', () => {
    const notes = [note('later', '2026-09-15'), note('first', '2026-09-01'), note('undated', null)];
    expect(currentNote(notes, '2026-08-20')?.id).toBe('first');
  });

  it('is the latest week when no note has a date, and none without notes', () => {
    const notes = [
      note('w2', null, true, 2),
      note('w5', null, true, 5),
      note('w5d', null, false, 5),
    ];
    expect(currentNote(notes, '2026-08-20')?.id).toBe('w5');
    expect(currentNote([], '2026-08-20')).toBeNull();
  });

  it('prefers the published note over a draft of the same day', () => {
    const notes = [note('draft', '2026-09-08', false), note('published', '2026-09-08')];
    expect(currentNote(notes, '2026-09-10')?.id).toBe('published');
    expect(currentNote([...notes].reverse(), '2026-09-10')?.id).toBe('published');
  });

  it('reads today in the reader calendar', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
