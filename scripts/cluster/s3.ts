// The cluster's object storage (issue 46, decision 0305): s3rver, an S3-compatible server, on a loopback
// port the system picks, with its objects in a folder. The instances share it as they would a real
// bucket (STORAGE_DRIVER=s3), so a file uploaded through one is served by the other. For this machine
// only: s3rver is for development and tests (decision 0284). The server itself is the tests' one
// (tests/support/s3-server.ts), as the cluster's SMTP server is (decision 0314).
import type { S3Settings } from '../../src/server/features/storage/s3-file-storage';
import { startS3Server } from '../../tests/support/s3-server';

export const CLUSTER_BUCKET = 'jobwise-cluster';

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
  const server = await startS3Server({ directory });
  const settings = await server.bucket(CLUSTER_BUCKET);
  return {
    endpoint: server.endpoint,
    settings,
    env: server.env(settings),
    restart: () => server.restart(),
    close: () => server.close(),
  };
}
