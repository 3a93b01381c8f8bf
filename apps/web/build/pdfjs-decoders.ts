// PDF.js's image decoders in plain JavaScript (JPEG 2000 and JBIG2, common in scanned hand-ins),
// served from the app's own origin (decision 0042). PDF.js loads them by a fixed file name under
// `wasmUrl`, so they are emitted under a directory named for PDF.js's version rather than
// fingerprinted: a new version is a new directory, and /assets stays immutable.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PDFJS_DECODER_FILES, pdfjsDecodersPath } from '../src/components/pdf-preview/decoders.ts';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const { version } = require('pdfjs-dist/package.json') as { version: string };

/** Emits the decoders into the client build, and serves them in development. */
export function pdfjsDecoders(): Plugin {
  const directory = pdfjsDecodersPath(version);
  let isSsr = false;
  return {
    name: 'teamshuffle:pdfjs-decoders',
    configResolved(config) {
      isSsr = Boolean(config.build.ssr);
    },
    async generateBundle() {
      // The renderer for Node (build/prerender.ts) never draws a PDF.
      if (isSsr) return;
      for (const name of PDFJS_DECODER_FILES) {
        this.emitFile({
          type: 'asset',
          fileName: `${directory.slice(1)}${name}`,
          source: await readFile(path.join(pdfjsRoot, 'wasm', name)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.startsWith(directory) ? request.url.slice(directory.length) : '';
        if (!(PDFJS_DECODER_FILES as readonly string[]).includes(name)) return next();
        readFile(path.join(pdfjsRoot, 'wasm', name)).then((source) => {
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.end(source);
        }, next);
      });
    },
  };
}
