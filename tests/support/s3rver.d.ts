// The part of s3rver (an S3-compatible server for tests, decision 0284) that tests/support uses; it ships no types.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    /** Set while it runs. */
    httpServer?: Server;
    close(): Promise<void>;
  }
}
