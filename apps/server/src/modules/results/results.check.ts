// Save Result's body made ready in the CPU worker (issue 22): its schema, its snapshot's problems
// and the replay of the draw (the domain's checkSaveResult), the shared e-mail check, and the
// snapshot's JSON and gzipped copy. Only these bytes and a few values come back to the event loop:
// for 1,000 members the parsed snapshot taken back across (structured clone), encoded for
// storage and encoded again for the answer held it about 10 ms a save in three stretches.
import { gzipSync } from 'node:zlib';
import { checkSaveResult, type SharedEmail, snapshotSharedEmail } from '@teamshuffle/domain';
import { ownBytes } from '../../workers/bytes.ts';
import { SNAPSHOT_GZIP_LEVEL, snapshotCounts } from './results.pack.ts';

export type SaveCheck =
  | { kind: 'invalid' }
  | { kind: 'problem'; problem: string }
  /** Its teams are not the draw of its seed. */
  | { kind: 'not-drawn' }
  /** Two members share an e-mail (one person, one roster entry). */
  | { kind: 'shared-email'; sharedEmail: SharedEmail }
  | {
      kind: 'checked';
      title: string;
      /** The checked snapshot as JSON (as the schema parsed it), for the answer. */
      snapshotJson: Uint8Array;
      /** As stored (results.pack.ts); its bytes arrive as a Uint8Array. */
      packed: ReturnType<typeof snapshotCounts> & { snapshotGz: Uint8Array };
    };

/** Checks a Save Result body (refusals in the order the route answers them), then packs it. */
export function checkAndPackSaveResult(body: unknown): SaveCheck {
  const check = checkSaveResult(body);
  if (check.kind !== 'checked') return check;
  if (!check.isDrawn) return { kind: 'not-drawn' };
  const { title, snapshot } = check.input;
  const sharedEmail = snapshotSharedEmail(snapshot);
  if (sharedEmail) return { kind: 'shared-email', sharedEmail };
  const snapshotJson = Buffer.from(JSON.stringify(snapshot));
  return {
    kind: 'checked',
    title,
    snapshotJson: ownBytes(snapshotJson),
    packed: {
      snapshotGz: ownBytes(gzipSync(snapshotJson, { level: SNAPSHOT_GZIP_LEVEL })),
      ...snapshotCounts(snapshot),
    },
  };
}
