import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { diskLogoStorage, type LogoStorage } from './logo-storage';

declare module 'fastify' {
  interface FastifyInstance {
    logoStorage: LogoStorage;
  }
}

/** Company logo storage (the same disk folder as résumés by default, under logos/). */
async function companiesPlugin(app: FastifyInstance) {
  app.decorate('logoStorage', diskLogoStorage(app.config.UPLOADS_DIR ?? path.join(app.config.DATA_DIR, 'uploads')));
}

export default fp(companiesPlugin, { name: 'companies', dependencies: ['config'] });
