// PDF.js, loaded only when a PDF is previewed (its own chunks: the library and its worker).
//
// A handed-in PDF is drawn by PDF.js on a canvas of the app's page (decision 0042), not opened in
// the browser's viewer: the files are served with `Content-Security-Policy: sandbox` and the app's
// policy has `object-src 'none'`, and Chromium shows no PDF in a sandboxed document. PDF.js parses
// the file in its worker and runs none of the file's scripts. WebAssembly is off (the app's
// policy allows none): its JPEG 2000 and JBIG2 decoders are the plain-JavaScript ones, served
// from the app's origin (build/pdfjs-decoders.ts).
import { GlobalWorkerOptions, getDocument, version } from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pdfjsDecodersPath } from './decoders';

GlobalWorkerOptions.workerSrc = workerUrl;

/** An open PDF: its pages, and `close` to let go of it (and of its worker). */
export type PdfDocument = Pick<PDFDocumentProxy, 'numPages' | 'getPage'> & {
  close: () => Promise<void>;
};

/** Opens a PDF from its bytes. `signal` aborting closes it. */
export async function openPdf(bytes: ArrayBuffer, signal: AbortSignal): Promise<PdfDocument> {
  // Closed while this chunk loaded: no worker started for nothing.
  signal.throwIfAborted();
  const task = getDocument({
    data: new Uint8Array(bytes),
    useWasm: false,
    // The image decoders without WebAssembly, from this origin; no font or character map files.
    wasmUrl: pdfjsDecodersPath(version),
  });
  const abort = () => void task.destroy();
  signal.addEventListener('abort', abort, { once: true });
  try {
    const pdf = await task.promise;
    return {
      numPages: pdf.numPages,
      getPage: (pageNumber) => pdf.getPage(pageNumber),
      close: () => task.destroy(),
    };
  } catch (error) {
    signal.removeEventListener('abort', abort);
    await task.destroy();
    throw error;
  }
}
