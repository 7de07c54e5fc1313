import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { databaseFileStorage, diskFileStorage, type FileStorage } from './file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every upload (résumés, logos, spotlight media) goes through this; STORAGE_DRIVER picks where. */
    fileStorage: FileStorage;
  }
}

/** The storage STORAGE_DRIVER names: the app's, and an admin command's outside the app. */
export function configuredFileStorage(config: Config, db: Db): FileStorage {
  return config.STORAGE_DRIVER === 'database' ? databaseFileStorage(db) : diskFileStorage(config.UPLOADS_DIR ?? path.join(config.DATA_DIR, 'uploads'));
}

async function storagePlugin(app: FastifyInstance) {
  app.decorate('fileStorage', configuredFileStorage(app.config, app.db));
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['config'] });
