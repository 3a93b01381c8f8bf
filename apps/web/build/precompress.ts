import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text files worth compressing; images and fonts are compressed already. Not the HTML: the
 * server writes its configuration into each page and compresses its own copy
 * (apps/server/src/plugins/web.ts).
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/** Writes `file.br` and `file.gz` when each is smaller than the file. */
export async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.byteLength < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  if (br.byteLength < content.byteLength) await writeFile(`${file}.br`, br);
  if (gz.byteLength < content.byteLength) await writeFile(`${file}.gz`, gz);
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file of the build, so
 * the server sends the smallest copy without compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let isSsr = false;
  return {
    name: 'teamshuffle:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      isSsr = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      // The renderer for Node (build/prerender.ts) is read from disk, never sent.
      if (isSsr) return;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => compressFile(path.join(outDir, name))));
    },
  };
}
