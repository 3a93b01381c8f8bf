import {
  DEFAULT_TASK,
  DEFAULT_TIME_ZONE,
  instantFromWallTime,
  wallTimeInZone,
  zoneOffsetMs,
  SEOUL_UTC_OFFSET_MS,
  TASK_ALLOWED_TYPES,
  WEEK_DEFAULT,
  isAssignmentType,
  toEpochMs,
} from '@teamshuffle/domain';
import type {
  AssignmentType,
  LectureNote,
  LectureNoteForm,
  LectureNoteUpdate,
  TaskFileType,
  lectureNoteForm,
} from '@teamshuffle/domain';
import type { z } from 'zod';

// The note modal's values: what a note opens with, what an edit sends, and the deadline as the
// date-time picker holds it.

/** What the modal's fields hold (the form schema's input). */
export type NoteFormValues = LectureNoteForm;
/** The task's fields while it is included. */
export type TaskFormValues = NonNullable<NoteFormValues['task']>;
/** What the form gives once it passes: exactly `lectureNoteInput`'s output. */
export type NoteFormOutput = z.output<typeof lectureNoteForm>;

/** The task a new note's form starts with (spec part 2, section 9). */
export function defaultTaskValues(): TaskFormValues {
  return { ...DEFAULT_TASK, allowedTypes: [...DEFAULT_TASK.allowedTypes] };
}

/** The fields of Create (empty, week 1) or of Edit (the note as it is). */
export function noteFormValues(note: LectureNote | null): NoteFormValues {
  if (!note) return { title: '', description: '', week: WEEK_DEFAULT, date: null, task: null };
  const { task } = note;
  return {
    title: note.title,
    description: note.description,
    week: note.week,
    date: note.date,
    task: task
      ? {
          title: task.title,
          description: task.description,
          deadline: task.deadline === null ? null : toSeoulIso(task.deadline),
          maxFileSizeMb: task.maxFileSizeMb,
          allowedTypes: [...task.allowedTypes],
          assignmentType: task.assignmentType,
          latePolicy: task.latePolicy,
          latePenaltyPercentPerDay: task.latePenaltyPercentPerDay,
          latePenaltyFloorPercent: task.latePenaltyFloorPercent,
          graceMinutes: task.graceMinutes,
        }
      : null,
  };
}

function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return toEpochMs(a) === toEpochMs(b);
}

function sameTypes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function sameTask(note: LectureNote['task'], task: NoteFormOutput['task']): boolean {
  if (note === null || task === null) return note === task;
  return (
    note.title === task.title &&
    note.description === task.description &&
    sameInstant(note.deadline, task.deadline) &&
    note.maxFileSizeMb === task.maxFileSizeMb &&
    sameTypes(note.allowedTypes, task.allowedTypes) &&
    note.assignmentType === task.assignmentType &&
    // Late work (decision 0030): a field the form left out is the note's.
    note.latePolicy === (task.latePolicy ?? note.latePolicy) &&
    note.latePenaltyPercentPerDay ===
      (task.latePenaltyPercentPerDay !== undefined
        ? task.latePenaltyPercentPerDay
        : note.latePenaltyPercentPerDay) &&
    note.latePenaltyFloorPercent ===
      (task.latePenaltyFloorPercent !== undefined
        ? task.latePenaltyFloorPercent
        : note.latePenaltyFloorPercent) &&
    note.graceMinutes === (task.graceMinutes ?? note.graceMinutes)
  );
}

/**
 * An edit as the PATCH sends it: only the fields that changed (the task as a whole when any of
 * its fields did), so an edit never writes back what someone else changed meanwhile. Empty when
 * nothing changed.
 */
export function noteChanges(note: LectureNote, next: NoteFormOutput): LectureNoteUpdate {
  const changes: LectureNoteUpdate = {};
  if (next.title !== note.title) changes.title = next.title;
  if (next.description !== note.description) changes.description = next.description;
  if (next.week !== note.week) changes.week = next.week;
  if (next.date !== note.date) changes.date = next.date;
  if (!sameTask(note.task, next.task)) changes.task = next.task;
  return changes;
}

/** Whether an edit changes nothing. */
export function isEmptyChange(changes: LectureNoteUpdate): boolean {
  return Object.keys(changes).length === 0;
}

const PICKER_VALUE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?::(\d{2}))?$/;

/** An instant as the API's ISO form with Seoul's offset: '2025-03-10T09:00:00+09:00'. */
export function toSeoulIso(instant: string): string {
  const wall = new Date(toEpochMs(instant) + SEOUL_UTC_OFFSET_MS).toISOString().slice(0, 19);
  return `${wall}+09:00`;
}

/**
 * The deadline as the date-time picker shows it: the wall time 'YYYY-MM-DD HH:mm:ss' in the
 * workspace's zone (issue 26, decision 0029; Seoul when none is given, spec part 2, section 9),
 * or null.
 */
export function deadlineToPicker(
  deadline: string | null,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  if (deadline === null) return null;
  return wallTimeInZone(deadline, timeZone);
}

/**
 * The picker's wall time in the workspace's zone as the instant the API takes, written with that
 * zone's offset at the moment ('2025-03-10T09:00:00+09:00'), or null when cleared.
 */
export function deadlineFromPicker(
  value: string | null,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  if (value === null || value === '') return null;
  const match = PICKER_VALUE.exec(value);
  if (!match) return null;
  const wall = `${match[1]}T${match[2]}:${match[3] ?? '00'}`;
  const instant = instantFromWallTime(wall, timeZone);
  if (instant === null) return null;
  const offset = zoneOffsetMs(instant, timeZone) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${wallTimeInZone(instant, timeZone).replace(' ', 'T')}${sign}${hours}:${minutes}`;
}

/** The allowed types chosen in the multi-select, in the spec's order. */
export function chosenTypes(values: readonly string[]): TaskFileType[] {
  return TASK_ALLOWED_TYPES.filter((type) => values.includes(type));
}

/** The assignment type chosen, or the current one for anything else. */
export function chosenAssignmentType(value: string, current: AssignmentType): AssignmentType {
  return isAssignmentType(value) ? value : current;
}
