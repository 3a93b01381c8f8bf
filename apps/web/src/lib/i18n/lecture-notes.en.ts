/** English strings of the Lecture Notes area (merged into `en` under `lectureNotes`). */
export const lectureNotesEn = {
  title: 'Lecture Notes',
};
