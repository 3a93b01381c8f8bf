// For component tests of upload forms: a stand-in XMLHttpRequest (jsdom sends nothing) that
// records each request and answers it from a queue, as the upload route would.

/** One request the fake received. */
export interface RecordedUpload {
  method: string;
  url: string;
  body: FormData;
}

/** An answer of the route: its status and JSON body. */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

/**
 * A fake `XMLHttpRequest` class (for `vi.stubGlobal('XMLHttpRequest', ...)`) with its record:
 * each `send` takes the next of `answers` (or `fallback()` once they run out) and answers on the
 * next turn of the event loop, after one progress event.
 */
export function fakeUploadXhr(fallback: () => UploadAnswer) {
  const requests: RecordedUpload[] = [];
  const answers: UploadAnswer[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      requests.push({ method: this.method, url: this.url, body });
      const answer = answers.shift() ?? fallback();
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  return { FakeXhr, requests, answers };
}
