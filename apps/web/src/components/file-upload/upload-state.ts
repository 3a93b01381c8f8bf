import { BYTES_PER_MB, fileRefusals, megabytesText } from '@teamshuffle/domain';
import type { FileRefusal } from '@teamshuffle/domain';
import type { TFunction } from '../../lib/i18n';

// The upload component's pure parts: which chosen files may go, how each refusal reads, and the
// list of files with their progress as a reducer.

/** What an upload accepts (the feature's limits: a note's task, an assignment, attachments). */
export interface UploadRule {
  /** Allowed extensions without the dot ('pdf', 'docx'). */
  allowedTypes: readonly string[];
  /** Largest file in MB (spec part 2: 1 to 100, default 5). */
  maxFileSizeMb: number;
  /** Most files in the list at once. */
  maxFiles: number;
}

/**
 * How refusals are worded: 'file', one line per file (spec part 2, section 5: the task file
 * check); 'panel', one line per kind of problem (the leader panel's "Some files ...").
 */
export type RefusalWording = 'file' | 'panel';

/** A reason shown before anything is sent: a file's refusal, the panel's summary, too many files. */
export type ChoiceRefusal =
  | FileRefusal
  | { id: 'files_exceed_max_size'; values: { n: string } }
  | { id: 'files_invalid_types'; values: { list: string } }
  | { id: 'too_many_files'; max: number };

/**
 * Splits newly chosen files into those that may be added and the refusals of the others
 * (spec part 2, section 5: type by extension, then size); files beyond `maxFiles` are refused as
 * one 'too many files'.
 */
export function checkChosenFiles<F extends { name: string; size: number }>(
  chosen: readonly F[],
  rule: UploadRule,
  alreadyListed: number,
  wording: RefusalWording = 'file',
): { accepted: F[]; refusals: ChoiceRefusal[] } {
  const fileRule = {
    allowedTypes: rule.allowedTypes,
    maxFileBytes: rule.maxFileSizeMb * BYTES_PER_MB,
  };
  const accepted: F[] = [];
  const perFile: FileRefusal[] = [];
  let isOverCount = false;
  for (const file of chosen) {
    const own = fileRefusals(file, fileRule);
    if (own.length > 0) perFile.push(...own);
    else if (alreadyListed + accepted.length >= rule.maxFiles) isOverCount = true;
    else accepted.push(file);
  }
  const refusals: ChoiceRefusal[] = wording === 'file' ? [...perFile] : [];
  if (wording === 'panel') {
    // The leader panel's words, as its upload route answers (files_exceed_max_size, ...).
    if (perFile.some((refusal) => refusal.id === 'file_too_large')) {
      refusals.push({
        id: 'files_exceed_max_size',
        values: { n: megabytesText(fileRule.maxFileBytes) },
      });
    }
    if (perFile.some((refusal) => refusal.id === 'file_type_not_allowed')) {
      refusals.push({ id: 'files_invalid_types', values: { list: rule.allowedTypes.join(', ') } });
    }
    // The panel's route has no summary for empty files: each is named (issue 27).
    refusals.push(...perFile.filter((refusal) => refusal.id === 'file_empty'));
  }
  if (isOverCount) refusals.push({ id: 'too_many_files', max: rule.maxFiles });
  return { accepted, refusals };
}

/** A refusal in the language of `t` (in English, the API's own message for the same file). */
export function refusalText(refusal: ChoiceRefusal, t: TFunction): string {
  switch (refusal.id) {
    case 'file_type_not_allowed':
      return t('apiErrors.file_type_not_allowed', refusal.values);
    case 'file_empty':
      return t('apiErrors.file_empty', refusal.values);
    case 'file_too_large':
      return t('apiErrors.file_too_large', refusal.values);
    case 'files_exceed_max_size':
      return t('apiErrors.files_exceed_max_size', refusal.values);
    case 'files_invalid_types':
      return t('apiErrors.files_invalid_types', refusal.values);
    case 'too_many_files':
      return t('upload.tooManyFiles', { count: refusal.max });
  }
}

/** Several refusals as the spec shows them: one per line (spec part 2, section 5). */
export function refusalsText(refusals: readonly ChoiceRefusal[], t: TFunction): string | null {
  return refusals.length === 0
    ? null
    : refusals.map((refusal) => refusalText(refusal, t)).join('\n');
}

/** The quota refusal when the files would not fit in what is left (spec part 1, section 5). */
export function quotaRefusal(
  usage: { usedBytes: number; quotaBytes: number } | undefined,
  incomingBytes: number,
  /** Bytes the upload stops charging to the caller when it commits (`replacedOwnBytes`). */
  creditBytes = 0,
): { n: string } | null {
  const left = usage ? usage.quotaBytes - usage.usedBytes + creditBytes : 0;
  if (!usage || incomingBytes <= left) return null;
  return { n: megabytesText(left) };
}

/** The work an upload replaces: the team's latest attempt, or the answer it resubmits. */
export interface ReplacedWork {
  submittedBy: { id: string } | null;
  files: ReadonlyArray<{ size: number; fileId: string | null }> | null;
  deletedAt?: string | null;
}

/**
 * The bytes `work` still has stored and charged to `userId`: a resubmission stops charging them
 * when it commits, so they count as left for it (decision 0016); the server decides the same way.
 * Another person's work, deleted work and freed files count for nothing.
 */
export function replacedOwnBytes(
  work: ReplacedWork | null | undefined,
  userId: string | undefined,
): number {
  if (!work || !userId || work.deletedAt || work.submittedBy?.id !== userId) return 0;
  return (work.files ?? []).reduce((sum, file) => sum + (file.fileId ? file.size : 0), 0);
}

export type UploadStatus = 'waiting' | 'uploading' | 'retrying' | 'done' | 'failed' | 'cancelled';

/** One file of the list. */
export interface UploadItem<F = File> {
  key: string;
  file: F;
  status: UploadStatus;
  /** Share of its bytes sent, 0 to 1. */
  progress: number;
  /** Why it was not uploaded (the server's refusal, or the failure after the last try). */
  error: string | null;
  /** While 'retrying': which try comes next (2 or 3) and after how long. */
  retry: { tryNumber: number; delayMs: number } | null;
}

export type UploadAction<F = File> =
  | { type: 'add'; items: Array<{ key: string; file: F }> }
  | { type: 'remove'; key: string }
  | { type: 'start'; keys: readonly string[] }
  | { type: 'progress'; keys: readonly string[]; shares: readonly number[] }
  | { type: 'retry'; keys: readonly string[]; tryNumber: number; delayMs: number }
  | { type: 'done'; keys: readonly string[] }
  | { type: 'fail'; keys: readonly string[]; error: string }
  | { type: 'cancel'; keys: readonly string[] }
  | { type: 'clear' };

function update<F>(
  items: UploadItem<F>[],
  keys: readonly string[],
  change: (item: UploadItem<F>, index: number) => UploadItem<F>,
): UploadItem<F>[] {
  return items.map((item) => {
    const index = keys.indexOf(item.key);
    return index === -1 ? item : change(item, index);
  });
}

/** The list of files and what became of each. */
export function uploadReducer<F>(items: UploadItem<F>[], action: UploadAction<F>): UploadItem<F>[] {
  switch (action.type) {
    case 'add':
      return [
        ...items,
        ...action.items.map(({ key, file }) => ({
          key,
          file,
          status: 'waiting' as const,
          progress: 0,
          error: null,
          retry: null,
        })),
      ];
    case 'remove':
      return items.filter((item) => item.key !== action.key);
    case 'start':
      return update(items, action.keys, (item) => ({
        ...item,
        status: 'uploading',
        progress: 0,
        error: null,
        retry: null,
      }));
    case 'progress':
      return update(items, action.keys, (item, index) =>
        item.status === 'uploading'
          ? { ...item, progress: Math.max(item.progress, action.shares[index] ?? 0) }
          : item,
      );
    case 'retry':
      return update(items, action.keys, (item) => ({
        ...item,
        status: 'retrying',
        progress: 0,
        retry: { tryNumber: action.tryNumber, delayMs: action.delayMs },
      }));
    case 'done':
      return update(items, action.keys, (item) => ({
        ...item,
        status: 'done',
        progress: 1,
        retry: null,
      }));
    case 'fail':
      return update(items, action.keys, (item) => ({
        ...item,
        status: 'failed',
        error: action.error,
        retry: null,
      }));
    case 'cancel':
      return update(items, action.keys, (item) =>
        item.status === 'uploading' || item.status === 'retrying' || item.status === 'waiting'
          ? { ...item, status: 'cancelled', retry: null }
          : item,
      );
    case 'clear':
      return [];
  }
}

/** Whether some file is on its way (or waiting for its next try). */
export function isBusy(items: readonly UploadItem<unknown>[]): boolean {
  return items.some((item) => item.status === 'uploading' || item.status === 'retrying');
}
