import type { lectureNotesEn } from './lecture-notes.en';

/** Korean strings of the Lecture Notes area (merged into `ko` under `lectureNotes`). */
export const lectureNotesKo: typeof lectureNotesEn = {
  title: '강의 노트',
};
