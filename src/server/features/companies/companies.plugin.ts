import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LogoStorage } from './logo-storage';

declare module 'fastify' {
  interface FastifyInstance {
    logoStorage: LogoStorage;
  }
}

/** Company logos: the 'logos' namespace of the shared file storage, readable from every instance (decision 0140). */
async function companiesPlugin(app: FastifyInstance) {
  app.decorate('logoStorage', {
    put: (bytes: Buffer, extension: string) => app.fileStorage.put('logos', bytes, extension),
    get: (key: string) => app.fileStorage.get(key),
    delete: (key: string) => app.fileStorage.delete(key),
  } satisfies LogoStorage);
}

export default fp(companiesPlugin, { name: 'companies', dependencies: ['config', 'storage'] });
