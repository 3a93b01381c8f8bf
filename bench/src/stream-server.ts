// The floor of files.bench.ts: Node's own HTTP and file streams, nothing else. POST writes the
// request's body (multipart framing and all, unparsed, unhashed) to a file in STREAM_DIR, fsyncs
// it as the app's disk storage does, removes it and answers 201; GET sends STREAM_FILE.
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.env.STREAM_DIR ?? '';
const served = process.env.STREAM_FILE ?? '';
let uploads = 0;

async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  if (request.method === 'POST') {
    uploads += 1;
    const target = path.join(dir, `upload-${uploads}.part`);
    await pipeline(request, createWriteStream(target));
    const handle = await open(target, 'r+');
    await handle.sync();
    await handle.close();
    const { size } = await stat(target);
    await rm(target);
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ size }));
    return;
  }
  if (request.url === '/') {
    response.writeHead(200).end('ok');
    return;
  }
  const { size } = await stat(served);
  response.writeHead(200, { 'content-length': String(size) });
  await pipeline(createReadStream(served), response);
}

const server = http.createServer((request, response) => {
  handle(request, response).catch(() => response.destroy());
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
