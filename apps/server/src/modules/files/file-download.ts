import { fileExtension, safeFileBase } from '@teamshuffle/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StorageDriver } from '../../plugins/storage.ts';
import type { FileRow } from './files.repository.ts';

// Shown in the browser (the gallery, a PDF viewer); everything else, SVG included (it can carry
// script), is always a download.
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'application/pdf',
]);

/**
 * A Content-Disposition value that keeps any name (Korean ones too): an ASCII fallback for old
 * clients and the exact name in RFC 5987's `filename*`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends `csv` as a download named `name` (made safe: letters, digits, spaces and dashes before the
 * extension, so a title's markup or `&` never reaches the file name; issue 27): never cached (it
 * holds the workspace's people).
 */
export function sendCsvDownload(reply: FastifyReply, name: string, csv: string) {
  const extension = fileExtension(name);
  const base = extension === '' ? name : name.slice(0, -(extension.length + 1));
  const safeName = `${safeFileBase(base, 'export')}${extension === '' ? '' : `.${extension}`}`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', contentDisposition('attachment', safeName))
    .send(csv);
}

/** The one byte range asked for, 'unsatisfiable', or null (no Range header, or several ranges). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // The last `to` bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a stored file to a caller already allowed to read it: the original name, no sniffing, a
 * sandbox for anything that is opened, an ETag from the SHA-256 (answering 304 to a matching
 * If-None-Match) and single byte ranges (206, or 416 for a range past the end).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: StorageDriver,
  file: FileRow,
) {
  const isInline = INLINE_TYPES.has(file.contentType);
  const etag = `"${file.sha256}"`;
  reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header(
      'content-disposition',
      contentDisposition(isInline ? 'inline' : 'attachment', file.originalName),
    )
    .type(isInline ? file.contentType : 'application/octet-stream');

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return reply.status(304).send();
  }
  const range = parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  if (range) {
    const stream = await storage.get(file.storageKey, range);
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(stream);
  }
  const stream = await storage.get(file.storageKey);
  return reply.header('content-length', String(file.size)).send(stream);
}
