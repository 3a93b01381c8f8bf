import {
  DEFAULT_LATE_RULE,
  DEFAULT_TASK,
  lectureNoteForm,
  lectureNoteInput,
} from '@teamshuffle/domain';
import type { LectureNote } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import {
  chosenAssignmentType,
  chosenTypes,
  deadlineFromPicker,
  deadlineToPicker,
  defaultTaskValues,
  isEmptyChange,
  noteChanges,
  noteFormValues,
} from './note-form';

const NOTE: LectureNote = {
  id: 'n1',
  title: 'Intro',
  description: 'Welcome',
  week: 2,
  date: '2025-03-10',
  isPublished: true,
  author: { id: 'u1', name: 'Owner' },
  createdAt: '2025-03-01T00:00:00Z',
  updatedAt: '2025-03-01T00:00:00Z',
  canEdit: true,
  attachments: [],
  task: {
    title: 'Essay',
    description: '',
    // As PostgreSQL writes a timestamp: 18:00 in Seoul.
    deadline: '2025-03-17T09:00:00+00:00',
    maxFileSizeMb: 5,
    allowedTypes: ['pdf', 'docx'],
    ...DEFAULT_LATE_RULE,
    assignmentType: 'team',
    teams: [],
    individual: [],
  },
};

const parse = (values: unknown) => lectureNoteForm.parse(values);

describe('the note form', () => {
  it('starts empty in week 1 for Create, with the default task when one is included', () => {
    expect(noteFormValues(null)).toEqual({
      title: '',
      description: '',
      week: 1,
      date: null,
      task: null,
    });
    expect(defaultTaskValues()).toEqual(DEFAULT_TASK);
    expect(defaultTaskValues().allowedTypes).not.toBe(DEFAULT_TASK.allowedTypes);
  });

  it("opens Edit with the note's fields; its output is what the API takes", () => {
    const values = noteFormValues(NOTE);
    expect(values.task?.deadline).toBe('2025-03-17T18:00:00+09:00');
    const output = parse(values);
    expect(lectureNoteInput.safeParse(output).success).toBe(true);
    expect(noteChanges(NOTE, output)).toEqual({});
    expect(isEmptyChange(noteChanges(NOTE, output))).toBe(true);
  });

  it('sends only what changed, the task whole when any of its fields did', () => {
    const values = noteFormValues(NOTE);
    const edited = parse({
      ...values,
      title: '  Intro, revised ',
      task: { ...values.task, allowedTypes: ['docx', 'pdf', 'txt'] },
    });
    const changes = noteChanges(NOTE, edited);
    expect(changes).toEqual({
      title: 'Intro, revised',
      task: { ...edited.task },
    });
    expect(noteChanges(NOTE, parse({ ...values, task: null }))).toEqual({ task: null });
    expect(noteChanges(NOTE, parse({ ...values, date: null, week: 3 }))).toEqual({
      date: null,
      week: 3,
    });
    // The same types in another order are no change.
    expect(
      noteChanges(
        NOTE,
        parse({ ...values, task: { ...values.task, allowedTypes: ['docx', 'pdf'] } }),
      ),
    ).toEqual({});
  });

  it('reads and writes the deadline as Seoul wall time', () => {
    expect(deadlineToPicker('2025-03-17T09:00:00+00:00')).toBe('2025-03-17 18:00:00');
    expect(deadlineToPicker(null)).toBeNull();
    expect(deadlineFromPicker('2025-03-17 18:00:00')).toBe('2025-03-17T18:00:00+09:00');
    expect(deadlineFromPicker('2025-03-17 18:00')).toBe('2025-03-17T18:00:00+09:00');
    expect(deadlineFromPicker(null)).toBeNull();
    expect(deadlineFromPicker('')).toBeNull();
    expect(deadlineToPicker(deadlineFromPicker('2025-12-31 23:59:00'))).toBe('2025-12-31 23:59:00');
  });

  it("reads and writes the deadline in the workspace's zone, with its offset that day (issue 26)", () => {
    const ny = 'America/New_York';
    expect(deadlineToPicker('2026-07-01T03:59:00Z', ny)).toBe('2026-06-30 23:59:00');
    expect(deadlineFromPicker('2026-06-30 23:59', ny)).toBe('2026-06-30T23:59:00-04:00');
    expect(deadlineFromPicker('2026-12-31 23:59', ny)).toBe('2026-12-31T23:59:00-05:00');
    expect(deadlineFromPicker('2026-13-31 23:59', ny)).toBeNull();
    expect(
      deadlineToPicker(deadlineFromPicker('2026-03-29 12:00', 'Europe/Berlin'), 'Europe/Berlin'),
    ).toBe('2026-03-29 12:00:00');
  });

  it('keeps only the task types and assignment types the API knows', () => {
    expect(chosenTypes(['png', 'exe', 'pdf'])).toEqual(['pdf', 'png']);
    expect(chosenAssignmentType('individual', 'team')).toBe('individual');
    expect(chosenAssignmentType('group', 'team')).toBe('team');
  });
});
