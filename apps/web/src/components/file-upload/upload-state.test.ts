// @vitest-environment jsdom
import { BYTES_PER_MB, fileRefusalMessage, joinRefusals } from '@teamshuffle/domain';
import type { FileRefusal } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import {
  checkChosenFiles,
  isBusy,
  quotaRefusal,
  refusalText,
  replacedOwnBytes,
  refusalsText,
  uploadReducer,
} from './upload-state';
import type { UploadItem } from './upload-state';

const en = i18n.getFixedT('en');
const ko = i18n.getFixedT('ko');
const RULE = { allowedTypes: ['pdf', 'docx'], maxFileSizeMb: 5, maxFiles: 3 };
const file = (name: string, size = 10) => ({ name, size });

describe('checking chosen files before upload (spec part 2, section 5)', () => {
  it('keeps allowed files within the size and refuses the others with their names', () => {
    const { accepted, refusals } = checkChosenFiles(
      [file('a.pdf'), file('setup.exe'), file('big.docx', 5 * BYTES_PER_MB + 1), file('b.DOCX')],
      RULE,
      0,
    );
    expect(accepted.map((chosen) => chosen.name)).toEqual(['a.pdf', 'b.DOCX']);
    expect(refusalsText(refusals, en)).toBe(
      'setup.exe: Only PDF, DOCX files are allowed\nFile size cannot exceed 5MB',
    );
  });

  it('refuses what goes beyond the number of files, counting those already listed', () => {
    const { accepted, refusals } = checkChosenFiles(
      [file('a.pdf'), file('b.pdf'), file('c.pdf')],
      RULE,
      2,
    );
    expect(accepted.map((chosen) => chosen.name)).toEqual(['a.pdf']);
    expect(refusalsText(refusals, en)).toBe('At most 3 files at a time.');
  });

  it("words the leader panel's refusals by kind, as its route does", () => {
    const { accepted, refusals } = checkChosenFiles(
      [file('a.exe'), file('b.zip'), file('big.pdf', 6 * BYTES_PER_MB), file('ok.pdf')],
      RULE,
      0,
      'panel',
    );
    expect(accepted.map((chosen) => chosen.name)).toEqual(['ok.pdf']);
    expect(refusalsText(refusals, en)).toBe(
      'Some files exceed the maximum size of 5MB\nSome files have invalid types. Allowed types: pdf, docx',
    );
    expect(refusalsText(refusals, ko)).toMatch(/[가-힣]/);
  });

  it('refuses an empty file as empty, in both wordings and both languages (issue 27)', () => {
    for (const wording of ['file', 'panel'] as const) {
      const { accepted, refusals } = checkChosenFiles(
        [file('empty.pdf', 0), file('ok.pdf')],
        RULE,
        0,
        wording,
      );
      expect(accepted.map((chosen) => chosen.name)).toEqual(['ok.pdf']);
      expect(refusalsText(refusals, en)).toBe(
        'empty.pdf is empty (0 bytes): choose a file with content',
      );
      expect(refusalsText(refusals, ko)).toBe(
        'empty.pdf 파일이 비어 있습니다(0바이트). 내용이 있는 파일을 고르세요',
      );
    }
  });

  it('has nothing to say when every file may go', () => {
    expect(refusalsText(checkChosenFiles([file('a.pdf')], RULE, 0).refusals, en)).toBeNull();
  });

  it('words each refusal as the API does in English, and in Korean otherwise', () => {
    const refusals: FileRefusal[] = [
      {
        id: 'file_type_not_allowed',
        file: 'x.exe',
        values: { file: 'x.exe', types: 'PDF, DOCX' },
      },
      { id: 'file_too_large', file: 'y.pdf', values: { n: '5' } },
    ];
    expect(refusals.map((refusal) => refusalText(refusal, en))).toEqual(
      refusals.map(fileRefusalMessage),
    );
    expect(refusalsText(refusals, en)).toBe(joinRefusals(refusals.map(fileRefusalMessage)));
    expect(refusalsText(refusals, ko)).toBe(
      'x.exe: PDF, DOCX 파일만 올릴 수 있습니다\n파일 크기는 5MB를 넘을 수 없습니다',
    );
  });

  it('refuses files that do not fit in the quota left (spec part 1, section 5)', () => {
    const usage = { usedBytes: 99 * BYTES_PER_MB, quotaBytes: 100 * BYTES_PER_MB };
    expect(quotaRefusal(usage, BYTES_PER_MB)).toBeNull();
    expect(quotaRefusal(usage, BYTES_PER_MB + 1)).toEqual({ n: '1' });
    expect(quotaRefusal(undefined, 10 ** 12)).toBeNull();
    // A resubmission: the caller's own bytes it replaces count as left (decision 0016).
    const atEightyFive = { usedBytes: 85 * BYTES_PER_MB, quotaBytes: 100 * BYTES_PER_MB };
    expect(quotaRefusal(atEightyFive, 24 * BYTES_PER_MB)).toEqual({ n: '15' });
    expect(quotaRefusal(atEightyFive, 24 * BYTES_PER_MB, 24 * BYTES_PER_MB)).toBeNull();
    expect(quotaRefusal(atEightyFive, 40 * BYTES_PER_MB, 24 * BYTES_PER_MB)).toEqual({ n: '39' });
    expect(en('apiErrors.storage_limit_exceeded', { n: '1' })).toBe(
      'Storage limit exceeded. You have 1MB remaining.',
    );
  });
});

describe('the bytes a resubmission frees for its sender (decision 0016)', () => {
  const work = (submitter: string, deletedAt: string | null = null) => ({
    submittedBy: { id: submitter },
    files: [
      { size: 300, fileId: 'f1' },
      { size: 200, fileId: 'f2' },
      { size: 999, fileId: null },
    ],
    deletedAt,
  });

  it("counts the caller's own stored files, not freed ones", () => {
    expect(replacedOwnBytes(work('me'), 'me')).toBe(500);
  });

  it("counts nothing for someone else's, deleted, missing or unknown work", () => {
    expect(replacedOwnBytes(work('teammate'), 'me')).toBe(0);
    expect(replacedOwnBytes(work('me', '2026-11-26T00:00:00Z'), 'me')).toBe(0);
    expect(replacedOwnBytes(null, 'me')).toBe(0);
    expect(replacedOwnBytes(work('me'), undefined)).toBe(0);
    expect(replacedOwnBytes({ submittedBy: null, files: null }, 'me')).toBe(0);
  });
});

describe('the list of files', () => {
  const added = uploadReducer<string>([], {
    type: 'add',
    items: [
      { key: 'a', file: 'a.pdf' },
      { key: 'b', file: 'b.pdf' },
    ],
  });
  const statuses = (items: UploadItem<string>[]) => items.map((item) => item.status);

  it('follows a request from start to done, progress only forward', () => {
    let items = uploadReducer(added, { type: 'start', keys: ['a', 'b'] });
    expect(isBusy(items)).toBe(true);
    items = uploadReducer(items, { type: 'progress', keys: ['a', 'b'], shares: [0.6, 0.1] });
    items = uploadReducer(items, { type: 'progress', keys: ['a', 'b'], shares: [0.5, 0.2] });
    expect(items.map((item) => item.progress)).toEqual([0.6, 0.2]);
    items = uploadReducer(items, { type: 'done', keys: ['a', 'b'] });
    expect(statuses(items)).toEqual(['done', 'done']);
    expect(isBusy(items)).toBe(false);
  });

  it('shows a retry and its pause, then the failure after the last try', () => {
    let items = uploadReducer(added, { type: 'start', keys: ['a'] });
    items = uploadReducer(items, { type: 'retry', keys: ['a'], tryNumber: 2, delayMs: 1000 });
    expect(items[0]).toMatchObject({ status: 'retrying', retry: { tryNumber: 2, delayMs: 1000 } });
    expect(isBusy(items)).toBe(true);
    items = uploadReducer(items, { type: 'fail', keys: ['a'], error: 'File upload failed.' });
    expect(items[0]).toMatchObject({ status: 'failed', error: 'File upload failed.', retry: null });
    expect(statuses(items)).toEqual(['failed', 'waiting']);
  });

  it('a cancel stops what is on its way and leaves finished files alone', () => {
    let items = uploadReducer(added, { type: 'done', keys: ['a'] });
    items = uploadReducer(items, { type: 'start', keys: ['b'] });
    items = uploadReducer(items, { type: 'cancel', keys: ['a', 'b'] });
    expect(statuses(items)).toEqual(['done', 'cancelled']);
  });

  it('removes and clears', () => {
    expect(uploadReducer(added, { type: 'remove', key: 'a' }).map((item) => item.key)).toEqual([
      'b',
    ]);
    expect(uploadReducer(added, { type: 'clear' })).toEqual([]);
  });
});
