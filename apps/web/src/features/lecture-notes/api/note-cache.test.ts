import { QueryClient } from '@tanstack/react-query';
import type { LectureNote, LectureNotesSection } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { applyGradedNote, applyNote, refreshNotesAndGrades } from './note-cache';

// Issue 25: a note's grades show in the gradebook, My grades and Team Scores (under the
// assignments' root). After grading a task there, the gradebook showed '–' until its copy was
// 30 s old (found by the gradebook e2e).
const WS = 'ws-1';
const GRADEBOOK = [...queryKeys.assignments.all(WS), 'gradebook'];
const OTHER_COURSE = [...queryKeys.assignments.all('ws-2'), 'gradebook'];
const NOTES = [...queryKeys.notes.all(WS), 'viewer'];
const note = { id: 'n1', title: 'Week 1, graded' } as unknown as LectureNote;

function cachedClient() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  client.setQueryData(GRADEBOOK, { cached: true });
  client.setQueryData(OTHER_COURSE, { cached: true });
  client.setQueryData<LectureNotesSection>(NOTES, {
    notes: [{ id: 'n1', title: 'Week 1' } as unknown as LectureNote],
  } as LectureNotesSection);
  return client;
}

const isStale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('the note cache after a graded change', () => {
  it("shows the note and refreshes this course's grades, not another's", async () => {
    const client = cachedClient();
    await applyGradedNote(client, WS, note);
    expect(client.getQueryData<LectureNotesSection>(NOTES)?.notes[0]?.title).toBe('Week 1, graded');
    expect(isStale(client, NOTES)).toBe(true);
    expect(isStale(client, GRADEBOOK)).toBe(true);
    expect(isStale(client, OTHER_COURSE)).toBe(false);
  });

  it('refreshes the grades after a deleted answer, and not after an edit', async () => {
    const deleted = cachedClient();
    await refreshNotesAndGrades(deleted, WS);
    expect(isStale(deleted, GRADEBOOK)).toBe(true);
    const edited = cachedClient();
    await applyNote(edited, WS, note);
    expect(isStale(edited, GRADEBOOK)).toBe(false);
  });
});
