import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientKey, trustedProxyMatcher } from '../lib/client-address';

declare module 'fastify' {
  interface FastifyRequest {
    /** What every per-client limit counts under: the client's IPv4 address, or its IPv6 /64. */
    readonly clientKey: string;
    /** The connection comes from a proxy named in TRUST_PROXY, so its X-Forwarded-* and geo headers count. */
    readonly viaTrustedProxy: boolean;
  }
}

/**
 * Who the client is. `request.ip` is already the first address, counted from our end, that is not a
 * trusted proxy (Fastify's trustProxy gets the same matcher); these add the key limits count under.
 */
async function clientAddressPlugin(app: FastifyInstance) {
  const trusted = trustedProxyMatcher(app.config.TRUST_PROXY);
  app.decorateRequest('clientKey', {
    getter() {
      return clientKey(this.ip);
    },
  });
  app.decorateRequest('viaTrustedProxy', {
    getter() {
      return trusted(this.socket.remoteAddress);
    },
  });
}

export default fp(clientAddressPlugin, { name: 'client-address', dependencies: ['config'] });
