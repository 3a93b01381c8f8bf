import S3rver from 's3rver';
import { makeTempDir } from './helpers.ts';

/**
 * A real S3-compatible server (s3rver) on loopback, with one empty bucket, for the S3 storage
 * driver's tests; `env` configures the app for it.
 */
export async function startS3(): Promise<{
  env: Record<string, string>;
  close: () => Promise<void>;
}> {
  const temp = makeTempDir('teamshuffle-s3-');
  const bucket = 'teamshuffle-test';
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: temp.dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials: it checks request signatures as S3 does.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      temp.remove();
    },
  };
}
