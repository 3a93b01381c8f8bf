import type { Locator } from '@playwright/test';

// Real PDFs for the browser tests that look at a handed-in file (decision 0042), with a correct
// cross-reference table, so that a PDF reader opens them as any PDF a student would hand in: pages
// of text in Helvetica (a standard font: nothing embedded), and a scan (one JPEG 2000 image).

/** A PDF of `objects` (numbered from 1; the first is the catalog), streams kept as bytes. */
function pdfOf(objects: ReadonlyArray<string | { dictionary: string; stream: Buffer }>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n')];
  let length = parts[0]!.byteLength;
  const add = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.byteLength;
  };
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    add(`${index + 1} 0 obj\n`);
    if (typeof object === 'string') add(object);
    else {
      add(`${object.dictionary.slice(0, -2)} /Length ${object.stream.byteLength} >>\nstream\n`);
      add(object.stream);
      add('\nendstream');
    }
    add('\nendobj\n');
  });
  const xref = length;
  add(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A PDF of one page per entry of `pages`, each page showing its text. */
export function textPdf(pages: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  // 1: the catalog, 2: the page tree, 3: the font; then each page and its content.
  const pageIds = pages.map((_, index) => 4 + index * 2);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...pages.flatMap((text, index) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`,
      {
        dictionary: '<< >>',
        stream: Buffer.from(`BT /F1 36 Tf 72 700 Td (${escape(text)}) Tj ET`),
      },
    ]),
  ]);
}

/**
 * A black box on white, 64 x 32 pixels, in JPEG 2000 (made with ImageMagick: `convert -size 64x32
 * xc:white -fill black -draw "rectangle 4,4 60,28" -depth 8 -type Grayscale box.jp2`).
 */
const BOX_JP2 = Buffer.from(
  'AAAADGpQICANCocKAAAAFGZ0eXBqcDIgAAAAAGpwMiAAAAAtanAyaAAAABZpaGRyAAAAIAAAAEAAAQcHAAAAAAAPY29scgEAAAAAABEAAAGpanAyY/9P/1EAKQAAAAAAQAAAACAAAAAAAAAAAAAAAEAAAAAgAAAAAAAAAAAAAQcBAf9SAAwAAAABAAUEBAAB/1wAE0BASEhQSEhQSEhQSEhQSEhQ/2QAJQABQ3JlYXRlZCBieSBPcGVuSlBFRyB2ZXJzaW9uIDIuNS4w/5AACgAAAAABKAAB/5PPtAwLwMfH2gd+YJD7QMAH358MMRd/BrLfz8AafgEw+0GADGG5xn+rDjXa3HcNVIJIB4EghLhfx9ofH2isH1BgDBCtCM1dg5fNEI9R9zPQFzLrWsDqrMweGXyRDqBZeAr1uhJPEYRUpRYjPa/gryU/35kN+ZnH4ChhO0/Y8PCCxf9d8LzLOHiygKUOXSeeHilo2A5bqVq1GcdxBreOMLtQsAvL4BXBsr2CMhLnai2CJa2efu+32HOcuF6W6B4l3LylsvDJUxx/z1+fJUNfCcfUy6FPZa53wHlkzEh2yLGnv8/ATn4C0PtCABni+ag3ewGrTWXE2gA3PpugjbMg3hN4wqVAoirjb8vvitIKSsuQWpf3FgHEkZYO4L//2Q==',
  'base64',
);

/** A scanned page: one JPEG 2000 image across the page (PDF.js decodes it without WebAssembly). */
export function scannedPdf(): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 306] /Resources << /XObject << /Scan 4 0 R >> >> /Contents 5 0 R >>',
    {
      dictionary:
        '<< /Type /XObject /Subtype /Image /Width 64 /Height 32 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /JPXDecode >>',
      stream: BOX_JP2,
    },
    { dictionary: '<< >>', stream: Buffer.from('q 612 0 0 306 0 0 cm /Scan Do Q') },
  ]);
}

/**
 * How many of a drawn page's pixels are dark, and how many it has, read in the page: PDF.js
 * paints a page white first, so dark pixels are what the PDF drew.
 */
export function inkOf(canvas: Locator): Promise<{ dark: number; all: number }> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let dark = 0;
    for (let index = 0; index < data.length; index += 4) {
      if (data[index + 3]! > 0 && data[index]! < 128) dark += 1;
    }
    return { dark, all: data.length / 4 };
  });
}
