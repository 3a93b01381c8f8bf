import type { NoteAttachment } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { galleryImages, galleryStep, stepIndex } from './gallery';

const attachment = (name: string): NoteAttachment => ({
  id: name,
  file: { id: `f-${name}`, name, size: 10, contentType: 'x', createdAt: '2025-03-03T00:00:00Z' },
  uploadedBy: null,
});

describe('the image gallery (spec part 2, sections 2 and 5)', () => {
  it('shows the image attachments in order, by extension, whatever the case', () => {
    const names = ['a.PNG', 'slides.pdf', 'b.jpeg', 'notes.txt', 'c.gif', 'd.webp', 'e.svg'];
    expect(galleryImages(names.map(attachment)).map((image) => image.file.name)).toEqual([
      'a.PNG',
      'b.jpeg',
      'c.gif',
      'd.webp',
      'e.svg',
    ]);
    expect(galleryImages([attachment('report.pdf')])).toEqual([]);
  });

  it('moves one step with the arrow keys and wraps around at either end', () => {
    expect(galleryStep('ArrowRight')).toBe(1);
    expect(galleryStep('ArrowLeft')).toBe(-1);
    expect(galleryStep('Escape')).toBeNull();
    expect(galleryStep('ArrowUp')).toBeNull();
    expect(stepIndex(0, 1, 5)).toBe(1);
    expect(stepIndex(4, 1, 5)).toBe(0);
    expect(stepIndex(0, -1, 5)).toBe(4);
    expect(stepIndex(0, 1, 1)).toBe(0);
    expect(stepIndex(3, 1, 0)).toBe(0);
  });
});
