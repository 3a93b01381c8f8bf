// The HTML files of the web build as the server sends them: read with the server's configuration
// written in, compressed once (or per request for a visitor's own page), by the encoding asked.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlibConstants,
  gzip,
  gzipSync,
} from 'node:zlib';
import {
  INLINED_CONFIG_ID,
  INLINED_QUERIES_ID,
  PRERENDERED_CONTACT_EMAIL,
  SERVER_RENDER_SLOTS,
  escapeHtml,
} from '@teamshuffle/domain';
import type { PublicConfig } from '@teamshuffle/domain';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/**
 * An HTML file of the build as the server sends it: its text, the hash its ETags are made of
 * (one per encoding, as the bodies differ), and its compressed copies (made once, when asked).
 */
export type HtmlPage = { body: Buffer; hash: string; compressed: Map<Encoding, Promise<Buffer>> };

/** A JSON script (not run, so the CSP allows it), `<` escaped so no value can close it. */
export function jsonScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/**
 * An HTML file of the build with the server's public configuration written in: GET
 * /api/config's answer as a JSON script (the web app reads it instead of asking), and the
 * contact e-mail where a prerendered page shows it.
 */
export function readHtml(file: string, config: PublicConfig): string {
  const email = escapeHtml(config.contactEmail);
  // Functions, so that `$&` and the like in a replacement stay text.
  return readFileSync(file, 'utf8')
    .replaceAll(PRERENDERED_CONTACT_EMAIL, () => email)
    .replace('</head>', () => `  ${jsonScript(INLINED_CONFIG_ID, config)}\n  </head>`);
}

export function htmlPage(file: string, config: PublicConfig): HtmlPage {
  const body = Buffer.from(readHtml(file, config));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, hash, compressed: new Map() };
}

/**
 * How hard to compress: 'smallest' for a copy made once and kept, 'quick' for a body made for one
 * request (a visitor's own page), where the time counts more than the last bytes.
 */
export type Effort = 'smallest' | 'quick';

const gzipLevel = (effort: Effort) => (effort === 'smallest' ? 9 : 6);

const brotliParams = (effort: Effort) => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]:
      effort === 'smallest' ? zlibConstants.BROTLI_MAX_QUALITY : 5,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  },
});

/** `body` compressed as `encoding`, in the thread pool. */
export function compress(body: Buffer, encoding: Encoding, effort: Effort): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: gzipLevel(effort) });
  return brotli(body, brotliParams(effort));
}

/** `compress` on the calling thread: for a worker thread, whose time is its own. */
export function compressSync(body: Buffer, encoding: Encoding, effort: Effort): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: gzipLevel(effort) });
  return brotliCompressSync(body, brotliParams(effort));
}

/**
 * A signed-in page's HTML: the template (the web build's page for its language) with the page's
 * title, address, markup and the data it was rendered from (a JSON script the app starts from)
 * written into its slots.
 */
export function signedInPageHtml(
  template: string,
  pathname: string,
  rendered: { title: string; markup: string; queries: unknown },
): string {
  return template
    .replace(SERVER_RENDER_SLOTS.title, () => escapeHtml(rendered.title))
    .replace(SERVER_RENDER_SLOTS.path, () => escapeHtml(pathname))
    .replace(SERVER_RENDER_SLOTS.markup, () => rendered.markup)
    .replace(SERVER_RENDER_SLOTS.queries, () => jsonScript(INLINED_QUERIES_ID, rendered.queries));
}

export function compressed(page: HtmlPage, encoding: Encoding): Promise<Buffer> {
  let copy = page.compressed.get(encoding);
  if (!copy) {
    copy = compress(page.body, encoding, 'smallest');
    // A copy that failed is made again next time, not kept as a failure.
    copy.catch(() => page.compressed.delete(encoding));
    page.compressed.set(encoding, copy);
  }
  return copy;
}

/**
 * The encoding to send: brotli if the client takes it (`*` included), else gzip, else none.
 * A coding with q=0 is refused.
 */
export function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';').map((piece) => piece.trim()))
    .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
    .map(([name]) => (name === 'x-gzip' ? 'gzip' : name));
  if (accepted.includes('br') || accepted.includes('*')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}
