/**
 * PDF.js's image decoders in plain JavaScript (no WebAssembly: the app's policy allows none), by
 * the names PDF.js loads them by; the build emits them (build/pdfjs-decoders.ts, decision 0042).
 */
export const PDFJS_DECODER_FILES = [
  'openjpeg_nowasm_fallback.js',
  'jbig2_nowasm_fallback.js',
] as const;

/** Where the decoders of PDF.js `version` are served from (with its trailing slash). */
export function pdfjsDecodersPath(version: string): string {
  return `/assets/pdfjs-${version}/`;
}
