import yauzl from 'yauzl';

/** One entry of a ZIP: its bytes and how they were stored (0 stored, 8 deflated). */
export interface ZipEntry {
  data: Buffer;
  compressionMethod: number;
}

/** Every entry of a ZIP held in memory, by path, with its bytes and storage method. */
export function readZipEntries(data: Buffer): Promise<Map<string, ZipEntry>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, ZipEntry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, {
              data: Buffer.concat(chunks),
              compressionMethod: entry.compressionMethod,
            });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Every entry of a ZIP held in memory, by path, with its bytes (for tests of the exports). */
export async function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  const entries = await readZipEntries(data);
  return new Map([...entries].map(([name, entry]) => [name, entry.data]));
}
