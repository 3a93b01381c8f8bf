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

/**
 * The most bytes of answers kept per detail (`presentWorkspace`: one per roster entry that reads
 * it, as each answer names the reader's own entry; a class of 40 at 14 kB each is 560 kB).
 */
export const DETAIL_ANSWERS_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The two tails, and room for the answers kept from them: one per member who reads it, with its
 * compressed copies (a quarter of it or less), at most `DETAIL_ANSWERS_MAX_BYTES`.
 */
function sizeOf(entry: PresentedDetail): number {
  const answers = entry.counts.totalMembers * entry.withEmails.byteLength * 1.5;
  return (
    entry.withEmails.byteLength +
    entry.withoutEmails.byteLength +
    Math.min(answers, DETAIL_ANSWERS_MAX_BYTES * 1.25)
  );
}

/** Presented details by workspace id (db/versioned-cache.ts: checked against the version read). */
export class DetailCache extends VersionedCache<DetailVersion, PresentedDetail> {
  constructor(maxBytes?: number) {
    super(sizeOf, maxBytes);
  }
}
