// The cluster's object storage (issue 46, decision 0305): s3rver, an S3-compatible server, on a loopback
// port the system picks, with its objects in a folder. The instances share it as they would a real
// bucket (STORAGE_DRIVER=s3), so a file uploaded through one is served by the other. For this machine
// only: s3rver is for development and tests (decision 0284).
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { s3Client, type S3Settings } from '../../src/server/features/storage/s3-file-storage';

export const CLUSTER_BUCKET = 'jobwise-cluster';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface ClusterS3 {
  endpoint: string;
  settings: S3Settings;
  /** STORAGE_DRIVER=s3 and the S3_* settings of the bucket, for each instance. */
  env: Record<string, string>;
  /** Stops the server, cutting every open connection, and starts it again on the same port and folder: a restarted S3 service. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startClusterS3(directory: string): Promise<ClusterS3> {
  mkdirSync(directory, { recursive: true });
  let server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { bucket: CLUSTER_BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS };
  const client = s3Client(settings);
  const exists = await client.send(new HeadBucketCommand({ Bucket: CLUSTER_BUCKET })).then(
    () => true,
    () => false,
  );
  if (!exists) await client.send(new CreateBucketCommand({ Bucket: CLUSTER_BUCKET }));
  client.destroy();
  return {
    endpoint,
    settings,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: CLUSTER_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async restart() {
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
      await server.run();
    },
    async close() {
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
    },
  };
}
