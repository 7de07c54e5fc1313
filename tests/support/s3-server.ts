import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3Client, type S3Settings } from '../../src/server/features/storage/s3-file-storage';

export interface TestS3Server {
  endpoint: string;
  /** A new empty bucket: each test's files apart from every other's. */
  newBucket(): Promise<S3Settings>;
  /** The bucket of this name, made if the folder does not hold it yet (the cluster's one bucket). */
  bucket(name: string): Promise<S3Settings>;
  /** The environment that points an app at a bucket (STORAGE_DRIVER=s3 and S3_*). */
  env(settings: S3Settings): Record<string, string>;
  /** Stops the server, cutting every open connection, and starts it again on the same port and files, as a restarted S3 service. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * s3rver, a real S3-compatible HTTP server, on a loopback port of the system's choosing, with its files in
 * a temporary folder (removed on close), or in `directory` (kept: the cluster's, scripts/cluster/s3.ts).
 */
export async function startS3Server(options: { directory?: string } = {}): Promise<TestS3Server> {
  const directory = options.directory ?? mkdtempSync(path.join(tmpdir(), 'jobwise-s3-'));
  mkdirSync(directory, { recursive: true });
  let server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const settingsOf = (bucket: string): S3Settings => ({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  const stop = async () => {
    const closing = server.close();
    server.httpServer?.closeAllConnections();
    await closing;
  };
  return {
    endpoint,
    async newBucket() {
      const settings = settingsOf(`jobwise-${randomBytes(6).toString('hex')}`);
      await s3Client(settings).send(new CreateBucketCommand({ Bucket: settings.bucket }));
      return settings;
    },
    async bucket(name) {
      const settings = settingsOf(name);
      const client = s3Client(settings);
      const exists = await client.send(new HeadBucketCommand({ Bucket: name })).then(
        () => true,
        () => false,
      );
      if (!exists) await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
      return settings;
    },
    env(settings) {
      return {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: settings.bucket,
        S3_ENDPOINT: endpoint,
        S3_REGION: settings.region,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      };
    },
    async restart() {
      await stop();
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
      await server.run();
    },
    async close() {
      await stop();
      if (!options.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
