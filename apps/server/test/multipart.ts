import { randomBytes } from 'node:crypto';

/** One part of a multipart/form-data body: a text field, or a file with its name and bytes. */
export type Part =
  { name: string; value: string } | { name: string; filename: string; data: Buffer };

/** A multipart/form-data body and its Content-Type, as a browser's FormData upload sends it. */
export function multipartBody(parts: readonly Part[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----teamshuffle${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename.replaceAll('"', '%22')}"`
        : `form-data; name="${part.name}"`;
    const type = 'filename' in part ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}

/** A PDF of `size` bytes in the `files` field, as the upload forms send it. */
export function pdfPart(filename: string, size: number): Part {
  return { name: 'files', filename, data: fileOf('pdf', size) };
}

/** Bytes that start like a real file of the given kind (what file-type looks for). */
export function fileOf(kind: 'pdf' | 'png' | 'elf' | 'exe' | 'txt', size: number): Buffer {
  const heads: Record<typeof kind, Buffer> = {
    pdf: Buffer.from(
      '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
      'latin1',
    ),
    png: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    elf: Buffer.from('7f454c4602010100000000000000000002003e00', 'hex'),
    exe: Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000', 'hex'),
    txt: Buffer.from('Week 1 notes: 안녕하세요\n'),
  };
  const head = heads[kind];
  const body = Buffer.alloc(Math.max(0, size - head.length), kind === 'txt' ? 'a' : 7);
  return Buffer.concat([head, body]).subarray(0, Math.max(size, head.length));
}
