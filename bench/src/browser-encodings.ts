// What Chromium sends as Accept-Encoding with a page's fetch (Debian's Chromium 156, seen
// 2026-11-27 on a plain http:// address as on https://): the benches ask as a browser does, so a
// cached answer goes out as its brotli copy, made once (apps/server/src/plugins/prepared-json.ts).
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
