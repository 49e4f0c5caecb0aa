// A real S3-protocol server for the tests (s3rver, in-process, on a random port) and the
// STORAGE_DRIVER=s3 environment pointing at a fresh bucket of it.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  env: Record<string, string>;
  bucket: string;
  /** Keys of the objects in the bucket. */
  keys(): Promise<string[]>;
  /** Stops the server (connections included); the bucket's files stay on disk until close. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const bucket = `portal-test-${randomBytes(6).toString('hex')}`;
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    server.httpServer?.closeAllConnections();
    await server.close();
  };
  return {
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key as string);
    },
    stop,
    async close() {
      await stop();
      client.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
