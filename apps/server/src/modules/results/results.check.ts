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
  | {
      kind: 'checked';
      isDrawn: boolean;
      title: string;
      /** An e-mail two members share (refused: one person, one roster entry), or null. */
      sharedEmail: SharedEmail | null;
      /** The checked snapshot as JSON (as the schema parsed it), for the answer. */
      snapshotJson: Uint8Array;
      /** As stored (results.pack.ts); its bytes arrive as a Uint8Array. */
      packed: ReturnType<typeof snapshotCounts> & { snapshotGz: Uint8Array };
    };

/** Checks a Save Result body and, if it can be saved, packs its snapshot. */
export function checkAndPackSaveResult(body: unknown): SaveCheck {
  const check = checkSaveResult(body);
  if (check.kind !== 'checked') return check;
  const { title, snapshot } = check.input;
  const sharedEmail = snapshotSharedEmail(snapshot);
  const saved = { kind: 'checked', isDrawn: check.isDrawn, title, sharedEmail } as const;
  // Not packed when the save will be refused.
  if (!check.isDrawn || sharedEmail) {
    return {
      ...saved,
      snapshotJson: new Uint8Array(),
      packed: { snapshotGz: new Uint8Array(), ...snapshotCounts(snapshot) },
    };
  }
  const snapshotJson = Buffer.from(JSON.stringify(snapshot));
  return {
    ...saved,
    snapshotJson: ownBytes(snapshotJson),
    packed: {
      snapshotGz: ownBytes(gzipSync(snapshotJson, { level: SNAPSHOT_GZIP_LEVEL })),
      ...snapshotCounts(snapshot),
    },
  };
}
