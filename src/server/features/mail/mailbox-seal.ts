import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { secureRandomBytes } from '../../lib/random-bytes';

// The development mailbox keeps what it would have mailed, sign-in codes included. Sealed with
// AES-256-GCM under a key derived from SESSION_SECRET, a copy of the database (a backup, a shared
// SQLite file, a support dump) shows no code; only /dev/mailbox, served to loopback, opens it.
// Decision 0081.

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type MailboxKey = Buffer;

export function mailboxKey(sessionSecret: string): MailboxKey {
  return createHmac('sha256', sessionSecret).update('jobwise development mailbox v1').digest();
}

export function seal(key: MailboxKey, text: string): string {
  const iv = secureRandomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The text, or null when it is not sealed or was sealed under another secret. */
export function unseal(key: MailboxKey, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
