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
