import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SpotlightFileStore } from './spotlight-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Spotlight recordings and files (namespace 'spotlight' of the shared file storage). */
    spotlightStorage: SpotlightFileStore;
  }
}

/** Spotlight media: the 'spotlight' namespace of the shared file storage, readable from every instance (decisions 0130, 0140). */
async function spotlightPlugin(app: FastifyInstance) {
  app.decorate('spotlightStorage', {
    put: (bytes: Buffer, extension: string) => app.fileStorage.put('spotlight', bytes, extension),
    get: (key: string) => app.fileStorage.get(key),
    getRange: (key: string, start: number, end: number) => app.fileStorage.getRange(key, start, end),
    delete: (key: string) => app.fileStorage.delete(key),
  } satisfies SpotlightFileStore);
}

export default fp(spotlightPlugin, { name: 'spotlight', dependencies: ['config', 'storage'] });
