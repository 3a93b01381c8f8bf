import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes decide a file's type (file-type's reasonable sample size). */
export const SNIFF_BYTES = 4100;

// Detected types (file-type's extension names) that each allowed extension may hold. Office's
// newer formats are zip containers (file-type names them when it can see inside the sample, and
// says 'zip' when it cannot); the older ones are OLE compound files ('cfb').
const ZIP_FAMILY = ['zip', 'docx', 'pptx', 'xlsx', 'odt', 'odp', 'ods', 'epub'];
const MATCHING_TYPES: Record<string, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  bmp: ['bmp'],
  webp: ['webp'],
  doc: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx', 'zip'],
  pptx: ['pptx', 'zip'],
  zip: ZIP_FAMILY,
};

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

/** The content type stored (and served) for a file of an accepted extension. */
export function contentTypeOf(extension: string): string {
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Whether a file's first bytes are what its extension says: the type detected from the bytes
 * must be one the extension may hold. Text formats have no signature: a .txt must not look like
 * any binary format (an executable renamed to .txt is found by its own signature) and must hold
 * no NUL byte; an .svg must be text that opens an <svg> element.
 */
export async function contentMatchesExtension(head: Buffer, extension: string): Promise<boolean> {
  const detected = (await fileTypeFromBuffer(head))?.ext;
  switch (extension) {
    case 'txt':
      return detected === undefined && !head.includes(0);
    case 'svg':
      return (
        (detected === undefined || detected === 'xml' || detected === 'svg') &&
        !head.includes(0) &&
        /<svg[\s>]/i.test(head.toString('utf8'))
      );
    default: {
      const allowed = MATCHING_TYPES[extension];
      return allowed !== undefined && detected !== undefined && allowed.includes(detected);
    }
  }
}
