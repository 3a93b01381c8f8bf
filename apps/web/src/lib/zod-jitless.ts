/**
 * Zod's `z.config({ jitless: true })` without loading zod into the first page's code (issue 14:
 * importing `config` from zod puts ~4 kB gzip of its core in the entry chunk).
 *
 * The server's CSP (script-src 'self') forbids eval. On its first object parse zod probes for
 * eval with `new Function`; the probe fails quietly, but the browser reports a CSP violation
 * (Lighthouse's "issues logged" in best practices). With `jitless` zod skips the probe and uses
 * its interpreter. Zod keeps its settings in this global, shared by every copy of zod on a page,
 * and reads it wherever it is loaded, before or after this runs (zod-jitless.test.ts checks it).
 */
export function makeZodJitless(): void {
  const scope = globalThis as typeof globalThis & {
    __zod_globalConfig?: { jitless?: boolean };
  };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
