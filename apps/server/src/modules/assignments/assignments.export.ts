import { dateKeyInZone, safeFileBase, toCsv } from '@teamshuffle/domain';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { StorageDriver } from '../../plugins/storage.ts';
import type { AssignmentRow } from './assignments.repository.ts';
import type { loadExportRows } from './assignments.repository.ts';

type ExportRow = Awaited<ReturnType<typeof loadExportRows>>[number];

/** A name safe as one path segment inside a ZIP (no folders, no leading dots). */
function zipSegment(name: string): string {
  const cleaned = name
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  return cleaned === '' ? 'file' : cleaned;
}

/** `name`, or `name (2)`, `name (3)`... when a folder already holds it. */
function uniqueIn(taken: Set<string>, name: string): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Files whose format is compressed already (PDF streams, Office and HWPX documents are ZIPs,
 * images, archives, media): deflating them again costs seconds of CPU per ZIP and saves nothing,
 * so they are stored as they are.
 */
const COMPRESSED_ALREADY =
  /\.(pdf|docx|xlsx|pptx|hwpx|zip|7z|rar|gz|tgz|bz2|xz|jpe?g|png|gif|webp|heic|avif|mp3|mp4|m4a|mov|webm|ogg)$/i;

/** How a submitter whose account was deleted is named (decision 0016). */
export const DELETED_ACCOUNT = 'Deleted account';

function instant(value: string | Date | null): string {
  return value === null ? '' : new Date(value).toISOString();
}

/**
 * "Download all" (issue 12): one ZIP, built while it is sent (never whole in memory), with a
 * folder per team holding its latest attempt's files (late ones marked in the name) and a
 * manifest.csv: team, leader, members, attempt, submitted at, submitted by, late, score, feedback. Each file is
 * opened only when the ZIP reaches it; formats compressed already are stored, the rest deflated.
 */
export function submissionsZip(
  rows: readonly ExportRow[],
  storage: StorageDriver,
  log: FastifyBaseLogger,
): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  const manifest: Array<Array<string | number | null>> = [
    [
      'team',
      'leader',
      'members',
      'attempt',
      'submitted at',
      'submitted by',
      'late',
      'score',
      'feedback',
    ],
  ];
  for (const row of rows) {
    const folder = `Team ${row.teamNumber}`;
    const taken = new Set<string>();
    for (const file of row.files) {
      const name = uniqueIn(taken, `${row.isLate ? 'LATE - ' : ''}${zipSegment(file.name)}`);
      const options = { compress: !COMPRESSED_ALREADY.test(name) };
      zip.addReadStreamLazy(`${folder}/${name}`, options, (done) => {
        storage.get(file.key).then(
          (stream) => done(null, stream),
          (error: unknown) => {
            log.error({ err: error, key: file.key }, 'a file for the ZIP could not be read');
            done(error, undefined as never);
          },
        );
      });
    }
    manifest.push([
      folder,
      row.leaderName ?? '',
      row.members.join('; '),
      row.attempt,
      instant(row.submittedAt),
      // The work outlives its submitter's account (decision 0016).
      row.attempt === null ? '' : (row.submittedBy ?? DELETED_ACCOUNT),
      row.attempt === null ? '' : row.isLate ? 'yes' : 'no',
      row.score === null ? null : Number(row.score),
      row.feedback ?? '',
    ]);
  }
  zip.addBuffer(Buffer.from(toCsv(manifest)), 'manifest.csv');
  zip.end();
  return zip.outputStream;
}

/**
 * The ZIP's file name: the assignment's number, title and the day it was made, that day being
 * the calendar day in the workspace's time zone (issue 26, decision 0029). The title is made safe
 * as the CSV downloads' names are (issue 27: letters, digits, spaces and dashes; Korean kept).
 */
export function zipName(
  row: AssignmentRow,
  number: number,
  timeZone: string,
  now: Date = new Date(),
): string {
  return `Assignment ${number} - ${safeFileBase(row.title, 'assignment')} - ${dateKeyInZone(now, timeZone)}.zip`;
}
