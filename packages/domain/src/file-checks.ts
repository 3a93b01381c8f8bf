import { BYTES_PER_MB } from './constants.ts';
import { errors, fillPlaceholders } from './errors.ts';
import { hasAllowedExtension } from './files.ts';

// The checks a chosen file passes before it is uploaded, worded as the API refuses it (spec
// part 2, section 5: a file name plus "Only {TYPES} files are allowed"; "File size cannot exceed
// {n}MB"; several errors joined by newlines). The server checks the same while the bytes arrive.

/** What an upload accepts. */
export type FileRule = {
  /** Allowed extensions, without the dot ('pdf', 'docx'). */
  allowedTypes: readonly string[];
  /** Largest file, in bytes. */
  maxFileBytes: number;
};

/** Why a file is refused before upload: the catalogue id and the values of its message. */
export type FileRefusal =
  | { id: 'file_type_not_allowed'; file: string; values: { file: string; types: string } }
  | { id: 'file_empty'; file: string; values: { file: string } }
  | { id: 'file_too_large'; file: string; values: { n: string } };

/** A size in MB as the API's messages write it: one decimal, none when whole ('5', '12.5'). */
export function megabytesText(bytes: number): string {
  return (Math.max(0, bytes) / BYTES_PER_MB).toFixed(1).replace(/\.0$/, '');
}

/** The allowed types as the API's message lists them: upper case, comma separated. */
export function allowedTypesText(types: readonly string[]): string {
  return types.map((type) => type.toUpperCase()).join(', ');
}

/**
 * The refusals of one file under a rule (empty when it may be uploaded): type first, then size
 * (an empty file is refused as empty, issue 27; the server checks the same).
 */
export function fileRefusals(file: { name: string; size: number }, rule: FileRule): FileRefusal[] {
  const refusals: FileRefusal[] = [];
  if (!hasAllowedExtension(file.name, rule.allowedTypes)) {
    refusals.push({
      id: 'file_type_not_allowed',
      file: file.name,
      values: { file: file.name, types: allowedTypesText(rule.allowedTypes) },
    });
  }
  if (file.size === 0) {
    refusals.push({ id: 'file_empty', file: file.name, values: { file: file.name } });
  } else if (file.size > rule.maxFileBytes) {
    refusals.push({
      id: 'file_too_large',
      file: file.name,
      values: { n: megabytesText(rule.maxFileBytes) },
    });
  }
  return refusals;
}

/** The English message of a refusal, exactly as the API words it. */
export function fileRefusalMessage(refusal: FileRefusal): string {
  return fillPlaceholders(errors[refusal.id].message, refusal.values);
}

/** Several refusals as one text, one per line (spec part 2, section 5). */
export function joinRefusals(messages: readonly string[]): string {
  return messages.join('\n');
}
