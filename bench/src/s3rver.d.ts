// files.bench.ts starts s3rver through the server's test helper (apps/server/test/s3.ts); the
// package ships no types, and the server's declaration of the parts it uses is the one to follow.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../apps/server/test/s3rver.d.ts" />
