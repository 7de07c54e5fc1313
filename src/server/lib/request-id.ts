// Request ids (issue 47): one id follows a request from the balancer to every log line and back in the
// answer's X-Request-Id. The id a trusted proxy sends is kept (haproxy makes one per request); anyone
// else's is ignored and a new one made, so a client cannot write chosen text into the logs.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** Fastify's genReqId: the trusted proxy's id when it is a plain token, else a new UUID. */
export function requestIdFrom(isTrustedProxy: (address: string | undefined) => boolean) {
  return (request: IncomingMessage): string => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && SAFE_ID.test(given) && isTrustedProxy(request.socket.remoteAddress)) return given;
    return randomUUID();
  };
}
