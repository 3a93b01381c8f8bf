import { VersionedCache, isAtLeast as isAtLeastVersion } from '../../db/versioned-cache.ts';
import type { DetailVersion } from '../workspace-access/workspace-access.repository.ts';

export type { DetailVersion };

// A workspace's teams, roster and constraints as the detail page shows them, serialised once per
// `detail_version`: with e-mails (owner, leaders, members) and without (viewers, visitors). The
// parts that differ per caller (role, own roster entry, preferences) and the workspace row itself
// (title, visibility) are read on every request and put around it.

/** Whether `a` is at least as new as `b` in both counters. */
export function isAtLeast(a: DetailVersion, b: DetailVersion): boolean {
  return isAtLeastVersion(a, b);
}

export type PresentedDetail = {
  version: DetailVersion;
  counts: { totalMembers: number; teams: number; fixedGroups: number };
  /**
   * The end of the answer's JSON object, UTF-8 encoded once: `,"teams":[...],...}`. The request's
   * own members go in front of it.
   */
  withEmails: Buffer;
  withoutEmails: Buffer;
};

/** The most bytes of answers kept per detail, however large its class. */
export const DETAIL_ANSWERS_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The bytes of answers kept from a detail (`presentWorkspace`): one per reader, as each names the
 * reader's own roster entry; room for every member, the owner and the viewers' one, at most
 * `DETAIL_ANSWERS_MAX_BYTES` (a class of 40 at 14 kB each: 590 kB).
 */
export function detailAnswersRoom(entry: PresentedDetail): number {
  return Math.min(
    DETAIL_ANSWERS_MAX_BYTES,
    (entry.counts.totalMembers + 2) * entry.withEmails.byteLength,
  );
}

/** The two tails, and the room for the answers kept from them with their compressed copies. */
function sizeOf(entry: PresentedDetail): number {
  return (
    entry.withEmails.byteLength + entry.withoutEmails.byteLength + detailAnswersRoom(entry) * 1.5
  );
}

/** Presented details by workspace id (db/versioned-cache.ts: checked against the version read). */
export class DetailCache extends VersionedCache<DetailVersion, PresentedDetail> {
  constructor(maxBytes?: number) {
    super(sizeOf, maxBytes);
  }
}
