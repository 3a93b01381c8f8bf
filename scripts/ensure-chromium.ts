// Browser tests need a real Chromium. Playwright's own download cannot work here, so use
// Debian's package: install it when we can (root with apt), otherwise stop with one line.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumCandidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

function findChromium(): string | undefined {
  return chromiumCandidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
}

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

let found = findChromium();
if (!found) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasCommand('apt-get')) {
    process.stdout.write("Chromium not found: installing Debian's chromium package (apt-get)...\n");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    found = findChromium();
  }
}
if (!found) {
  process.stderr.write(
    "Browser tests need Chromium: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.\n",
  );
  process.exit(1);
}
process.stdout.write(`Browser tests use Chromium at ${found}\n`);
