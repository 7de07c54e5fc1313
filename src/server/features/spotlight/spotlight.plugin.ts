import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasSpotlight } from './spotlight.service';

/** The spotlight's part of the seeker's pages (decision 0314): their home page asks whether they recorded one. */
async function spotlightPlugin(app: FastifyInstance) {
  app.extendSeeker({ hasSpotlight });
}

export default fp(spotlightPlugin, { name: 'spotlight', dependencies: ['seeker'] });
