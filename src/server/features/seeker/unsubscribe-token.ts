import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'alert-unsubscribe:v1';
const ID = /^[A-Za-z0-9-]{1,40}$/;

/**
 * A link that unsubscribes without logging in: "{accountId}.{alertId}.{signature}", the signature a
 * 128-bit HMAC of the unsubscribe links' secret (decision 0276) over both ids. Short enough for a path parameter (Fastify's limit is
 * 100 characters); it does not expire, since an old email's link must still work, and holds no secret.
 */
export function unsubscribeToken(secret: string, accountId: string, alertId: string): string {
  return `${accountId}.${alertId}.${sign(secret, accountId, alertId)}`;
}

/** The ids when the token is signed by one of `secrets` (those accepted now). */
export function readUnsubscribeToken(secrets: readonly string[], token: string): { accountId: string; alertId: string } | null {
  const [accountId, alertId, signature, ...rest] = token.split('.');
  if (!accountId || !alertId || !signature || rest.length || !ID.test(accountId) || !ID.test(alertId)) return null;
  const given = Buffer.from(signature);
  const signed = secrets.some((secret) => {
    const expected = Buffer.from(sign(secret, accountId, alertId));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return signed ? { accountId, alertId } : null;
}

function sign(secret: string, accountId: string, alertId: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${accountId}:${alertId}`).digest().subarray(0, 16).toString('base64url');
}
