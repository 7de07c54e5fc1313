import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { databaseFileStorage, diskFileStorage, type FileStorage } from './file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every upload (résumés, logos, spotlight media) goes through this; STORAGE_DRIVER picks where. */
    fileStorage: FileStorage;
  }
}

async function storagePlugin(app: FastifyInstance) {
  const { config } = app;
  app.decorate(
    'fileStorage',
    config.STORAGE_DRIVER === 'database' ? databaseFileStorage(app.db) : diskFileStorage(config.UPLOADS_DIR ?? path.join(config.DATA_DIR, 'uploads')),
  );
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['config'] });
