import { readFileSync } from 'node:fs';

/**
 * The machine's CPU pressure (Linux PSI, /proc/pressure/cpu): the share of the last 10 and 60 s
 * in which some runnable task waited for a CPU. High figures mean the run shared its cores, and
 * its absolute figures (more than its ratios) say more about the neighbours than the code.
 */
export function cpuPressure(): string {
  try {
    const line = readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0] ?? '';
    const avg10 = /avg10=([\d.]+)/.exec(line)?.[1];
    const avg60 = /avg60=([\d.]+)/.exec(line)?.[1];
    return `CPU pressure (PSI "some"): ${avg10}% over 10 s, ${avg60}% over 60 s`;
  } catch {
    return 'CPU pressure: unknown (no /proc/pressure/cpu)';
  }
}
