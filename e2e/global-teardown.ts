import { rmSync } from 'node:fs';

/** Removes this run's data directory once the server has stopped. */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
