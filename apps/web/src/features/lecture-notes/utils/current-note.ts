import type { LectureNote } from '@teamshuffle/domain';

/** A date as the notes write it (`YYYY-MM-DD`), in the reader's own calendar. */
export function localIsoDate(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The note kept in front on the workspace's Overview (issue 22: "the current week in front"):
 * the latest lecture on or before `today`; before the first lecture, the next one. A published
 * note wins over a draft of the same day (the class reads the published one). A course whose
 * notes carry no date at all has the note of the latest week in front.
 */
export function currentNote(notes: readonly LectureNote[], today: string): LectureNote | null {
  let past: LectureNote | null = null;
  let next: LectureNote | null = null;
  const isBetter = (candidate: LectureNote, held: LectureNote | null, later: boolean) => {
    if (held === null || held.date === null || candidate.date === null) return true;
    if (candidate.date !== held.date)
      return later ? candidate.date > held.date : candidate.date < held.date;
    return candidate.isPublished && !held.isPublished;
  };
  for (const note of notes) {
    if (note.date === null) continue;
    if (note.date <= today) {
      if (isBetter(note, past, true)) past = note;
    } else if (isBetter(note, next, false)) {
      next = note;
    }
  }
  if (past ?? next) return past ?? next;
  let latestWeek: LectureNote | null = null;
  for (const note of notes) {
    if (
      latestWeek === null ||
      note.week > latestWeek.week ||
      (note.week === latestWeek.week && note.isPublished && !latestWeek.isPublished)
    ) {
      latestWeek = note;
    }
  }
  return latestWeek;
}
