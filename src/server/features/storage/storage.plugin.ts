import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { databaseFileStorage, diskFileStorage, type FileStorage, type StorageDriverName } from './file-storage';
import { s3FileStorage, type S3Settings } from './s3-file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every upload (résumés, logos, spotlight media) goes through this; STORAGE_DRIVER picks where. */
    fileStorage: FileStorage;
  }
}

/** The bucket and client settings from S3_* (decision 0284); null when no bucket is named. */
export function s3Settings(config: Config): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } } : {}),
  };
}

/** The storage of a driver as the configuration sets it up (moving files between drivers names one). */
export function fileStorageOf(driver: StorageDriverName, config: Config, db: Db): FileStorage {
  if (driver === 'database') return databaseFileStorage(db);
  if (driver === 's3') {
    const settings = s3Settings(config);
    if (!settings) throw new Error('S3_BUCKET is required for the s3 storage driver');
    return s3FileStorage(settings);
  }
  return diskFileStorage(config.UPLOADS_DIR ?? path.join(config.DATA_DIR, 'uploads'));
}

/** The storage STORAGE_DRIVER names: the app's, and an admin command's outside the app. */
export function configuredFileStorage(config: Config, db: Db): FileStorage {
  return fileStorageOf(config.STORAGE_DRIVER, config, db);
}

async function storagePlugin(app: FastifyInstance) {
  app.decorate('fileStorage', configuredFileStorage(app.config, app.db));
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['config'] });
