import { isImageFileName } from '@teamshuffle/domain';
import type { NoteAttachment } from '@teamshuffle/domain';

// The image gallery (spec part 2, sections 2 and 5): a note's image attachments, moved through
// with the arrow keys, closed with Escape.

/** A note's image attachments (jpg, jpeg, png, gif, bmp, webp, svg), in the note's order. */
export function galleryImages(attachments: readonly NoteAttachment[]): NoteAttachment[] {
  return attachments.filter((attachment) => isImageFileName(attachment.file.name));
}

/** The index `delta` steps from `index`, wrapping around at either end. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/** What a key does in the gallery: ArrowLeft one back, ArrowRight one on (Escape: the modal). */
export function galleryStep(key: string): -1 | 1 | null {
  if (key === 'ArrowLeft') return -1;
  if (key === 'ArrowRight') return 1;
  return null;
}
