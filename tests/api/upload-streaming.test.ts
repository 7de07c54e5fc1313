// Uploads stream to storage (decision 0285): the storage receives the file in pieces while the request
// body is still arriving, never as one Buffer. The proof is a request body the test hands over piece
// by piece, and a storage that notes how much of that body had been handed over when its first bytes
// arrived: a server that read the file whole first would have taken all of it by then.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage, StorageBody } from '../../src/server/features/storage/file-storage';
import { ownerOf } from '../support/employer-helpers';
import { pngBytes } from '../support/images';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { signIn } from '../support/seeker-helpers';
import { media } from '../support/spotlight-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3.close());
const start = async (driver: 'disk' | 's3') => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000', ...(driver === 's3' ? s3.env(await s3.newBucket()) : {}) });
};
afterEach(async () => t.close());

const PIECE = 64 * 1024;

/** A multipart body handed over in 64 KB pieces, counting what has been taken. */
function trickledBody(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----jobwise-streaming-boundary';
  const whole = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const taken = { bytes: 0, total: whole.length };
  async function* pieces() {
    for (let at = 0; at < whole.length; at += PIECE) {
      taken.bytes = Math.min(whole.length, at + PIECE);
      yield whole.subarray(at, at + PIECE);
    }
  }
  return { payload: Readable.from(pieces()), contentType: `multipart/form-data; boundary=${boundary}`, taken };
}

interface PutRecord {
  wasBuffer: boolean;
  takenAtFirstBytes: number | null;
  largestPiece: number;
  stored: number;
}

/** Notes how the app's storage is handed each new file, then stores it as before. */
function recordPuts(storage: FileStorage, taken: { bytes: number }): PutRecord[] {
  const records: PutRecord[] = [];
  const put = storage.put.bind(storage);
  storage.put = (namespace, body, extension, contentType) => {
    const record: PutRecord = { wasBuffer: Buffer.isBuffer(body), takenAtFirstBytes: null, largestPiece: 0, stored: 0 };
    records.push(record);
    async function* watched(): AsyncGenerator<Uint8Array> {
      for await (const piece of Buffer.isBuffer(body) ? [body] : body) {
        record.takenAtFirstBytes ??= taken.bytes;
        record.largestPiece = Math.max(record.largestPiece, piece.byteLength);
        record.stored += piece.byteLength;
        yield piece;
      }
    }
    const recorded: StorageBody = watched();
    return put(namespace, recorded, extension, contentType);
  };
  return records;
}

describe('uploads stream to storage', () => {
  it.each(['disk', 's3'] as const)('a 4.5 MB résumé reaches storage (%s) in pieces before its upload has all arrived, and is kept whole', async (driver) => {
    await start(driver);
    const jar = await signIn(t.app, 'streaming@example.com');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4.5 * 1024 * 1024)]);
    const body = trickledBody('resume', 'cv.pdf', 'application/pdf', pdf);
    const puts = recordPuts(t.app.fileStorage, body.taken);
    const response = await t.app.inject({ method: 'POST', url: '/candidate/resume', headers: { ...sameOriginHeaders, 'content-type': body.contentType, cookie: jar.header() }, payload: body.payload });
    expect(response.json()).toEqual({ status: 'UPLOADED' });
    expect(puts).toHaveLength(1);
    const [put] = puts;
    expect(put!.wasBuffer).toBe(false);
    expect(put!.stored).toBe(pdf.length);
    // Its first bytes were in storage's hands when well under half the request had been sent.
    expect(put!.takenAtFirstBytes).toBeLessThan(body.taken.total / 2);
    expect(put!.largestPiece).toBeLessThanOrEqual(256 * 1024);
    const row = await t.app.db.selectFrom('resumes').select(['storage_key', 'size_bytes']).executeTakeFirstOrThrow();
    expect(Number(row.size_bytes)).toBe(pdf.length);
    expect((await t.app.fileStorage.get(row.storage_key))?.equals(pdf)).toBe(true);
  });

  it.each(['disk', 's3'] as const)('a 25 MB spotlight file reaches storage (%s) in pieces too, is checked there, and is removed when refused', async (driver) => {
    await start(driver);
    const jar = await signIn(t.app, 'spotlight-streaming@example.com');
    const big = Buffer.concat([media('answer.webm'), Buffer.alloc(25 * 1024 * 1024)]);
    const body = trickledBody('media', 'answer.webm', 'video/webm', big);
    const puts = recordPuts(t.app.fileStorage, body.taken);
    const response = await t.app.inject({
      method: 'POST',
      url: '/candidate/spotlight/answers/about_you/media',
      headers: { ...sameOriginHeaders, 'content-type': body.contentType, cookie: jar.header() },
      payload: body.payload,
    });
    expect(puts).toHaveLength(1);
    expect(puts[0]!.wasBuffer).toBe(false);
    expect(puts[0]!.stored).toBe(big.length);
    expect(puts[0]!.takenAtFirstBytes).toBeLessThan(body.taken.total / 2);
    expect(puts[0]!.largestPiece).toBeLessThanOrEqual(256 * 1024);
    // Zeros after a recording make a file no player can read: it was checked in storage and removed.
    expect(response.statusCode, response.body).toBe(415);
    const kept: string[] = [];
    for await (const entry of t.app.fileStorage.list()) kept.push(entry.key);
    expect(kept).toEqual([]);
  });

  it.each(['disk', 's3'] as const)('a company logo reaches storage (%s) in pieces, within its 1 MB limit; a larger one is refused and nothing kept (decision 0304)', async (driver) => {
    await start(driver);
    const owner = await ownerOf(t.app, 'logo-streaming@acme.example', 'Logo Co');
    const upload = async (bytes: Buffer) => {
      const body = trickledBody('logo', 'logo.png', 'image/png', bytes);
      const puts = recordPuts(t.app.fileStorage, body.taken);
      const response = await t.app.inject({ method: 'POST', url: '/employer/company/logo', headers: { ...sameOriginHeaders, 'content-type': body.contentType, cookie: owner.jar.header() }, payload: body.payload });
      return { response, puts, taken: body.taken };
    };
    // A PNG's signature and header, then bytes up to just under 1 MB.
    const logo = Buffer.concat([pngBytes(), randomBytes(1024 * 1024 - pngBytes().length - 16)]);
    const stored = await upload(logo);
    expect(stored.response.json()).toEqual({ status: 'UPLOADED' });
    expect(stored.puts).toHaveLength(1);
    expect(stored.puts[0]!.wasBuffer).toBe(false);
    expect(stored.puts[0]!.stored).toBe(logo.length);
    expect(stored.puts[0]!.takenAtFirstBytes).toBeLessThan(stored.taken.total / 2);
    const company = await t.app.db.selectFrom('companies').select('logo_key').where('id', '=', owner.companyId).executeTakeFirstOrThrow();
    expect((await t.app.fileStorage.get(company.logo_key!))?.equals(logo)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/company-logo/${owner.companyId}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(logo)).toBe(true);

    // One byte over the limit: 413, and storage keeps only the logo before.
    const big = await upload(Buffer.concat([pngBytes(), randomBytes(1024 * 1024 + 1 - pngBytes().length)]));
    expect(big.response.statusCode).toBe(413);
    expect(big.response.json().error_message).toBe('The logo must be 1 MB or smaller.');
    const kept: string[] = [];
    for await (const entry of t.app.fileStorage.list()) kept.push(entry.key);
    expect(kept).toEqual([company.logo_key]);
  });
});
