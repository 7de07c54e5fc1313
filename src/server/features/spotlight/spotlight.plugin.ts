import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { diskSpotlightStore, type SpotlightFileStore } from './spotlight-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Spotlight recordings and files (namespace 'spotlight' of the shared file storage). */
    spotlightStorage: SpotlightFileStore;
  }
}

async function spotlightPlugin(app: FastifyInstance) {
  app.decorate('spotlightStorage', diskSpotlightStore(app.config.UPLOADS_DIR ?? path.join(app.config.DATA_DIR, 'uploads')));
}

export default fp(spotlightPlugin, { name: 'spotlight', dependencies: ['config'] });
