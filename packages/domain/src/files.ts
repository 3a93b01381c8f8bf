import { z } from 'zod';
import { IMAGE_EXTENSIONS } from './constants.ts';

/** Lowercase extension of a file name without the dot; '' when there is none ('.env' has none). */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Whether a file name's extension is in the allowed list (case-insensitive). */
export function hasAllowedExtension(fileName: string, allowed: readonly string[]): boolean {
  // spec part 2, section 5: the extension must be in the allowed list
  const ext = fileExtension(fileName);
  return ext !== '' && allowed.some((type) => type.toLowerCase() === ext);
}

/** Whether a file name is an image: jpg, jpeg, png, gif, bmp, webp or svg. */
export function isImageFileName(fileName: string): boolean {
  // spec part 2, section 5: image attachments are jpg, jpeg, png, gif, bmp, webp, svg
  return hasAllowedExtension(fileName, IMAGE_EXTENSIONS);
}

/**
 * A name made for a download from user text (a workspace's title): markup dropped, then only
 * letters (any script, Korean kept), digits, spaces and dashes, spaces collapsed; `fallback` when
 * nothing is left (issue 27: the grade CSV's name carried `<b>` and `&` from the title).
 */
export function safeFileBase(text: string, fallback = 'download'): string {
  const safe = text
    .normalize('NFC')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[^\p{L}\p{M}\p{N} -]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return safe === '' ? fallback : safe;
}

/** GET /api/me/storage: what the user's files take, against the quota (spec part 1, section 9). */
export const storageUsage = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
export type StorageUsage = z.infer<typeof storageUsage>;

/** A stored file as the API shows it; its bytes are at `/api/files/{id}` for those allowed. */
export const storedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

/** The authorized download address of a file (no permanent public URLs). */
export function fileUrl(fileId: string): string {
  return `/api/files/${encodeURIComponent(fileId)}`;
}
