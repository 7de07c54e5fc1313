import { crc32 } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CookieJar, latestCode, register, validateCode } from './registration-helpers';
import { sameOriginHeaders } from './test-app';

/** Signs a person in the way the site does (registration, mailed code) and answers their cookie jar. */
export async function signIn(app: FastifyInstance, email: string, extra: Record<string, unknown> = {}, jar = new CookieJar()): Promise<CookieJar> {
  const started = await register(app, email, { jar, extra });
  if (started.statusCode !== 200) throw new Error(`registration failed: ${started.body}`);
  const done = await validateCode(app, email, await latestCode(app, email), jar);
  if (done.json().status !== 'SUCCESS') throw new Error(`code failed: ${done.body}`);
  return jar;
}

export async function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  options: { jar?: CookieJar; xhr?: boolean; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const { 'x-requested-with': _xhr, ...browser } = sameOriginHeaders;
  const response = await app.inject({
    method: 'POST',
    url,
    headers: {
      ...(options.xhr === false ? browser : sameOriginHeaders),
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.jar ? { cookie: options.jar.header() } : {}),
      ...options.headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
  options.jar?.store(response);
  return response;
}

export async function getPage(app: FastifyInstance, url: string, jar?: CookieJar) {
  return app.inject({ method: 'GET', url, headers: jar ? { cookie: jar.header() } : {} });
}

/** A multipart body with one file field, as a browser's form sends it. */
export function multipartBody(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----jobwise-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A mail client's one-click unsubscribe (RFC 8058) sent as multipart/form-data, which the RFC allows beside
 * form-encoding: from the client's own origin, without cookies.
 */
export function oneClickMultipart(app: FastifyInstance, url: string) {
  const boundary = '----jobwise-one-click';
  return app.inject({
    method: 'POST',
    url,
    headers: { origin: 'https://mail.example', 'sec-fetch-site': 'cross-site', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
  });
}

export async function upload(app: FastifyInstance, jar: CookieJar, fileName: string, contentType: string, bytes: Buffer, xhr = true) {
  const body = multipartBody('resume', fileName, contentType, bytes);
  const { 'x-requested-with': _xhr, ...browser } = sameOriginHeaders;
  return app.inject({
    method: 'POST',
    url: '/candidate/resume',
    headers: { ...(xhr ? sameOriginHeaders : browser), 'content-type': body.contentType, cookie: jar.header() },
    payload: body.payload,
  });
}

/** A zip with stored (uncompressed) entries: enough to make real DOCX-shaped and non-DOCX zips. */
export function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralBytes = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, end]);
}

export const docxBytes = () =>
  storedZip({ '[Content_Types].xml': '<?xml version="1.0"?><Types/>', 'word/document.xml': '<?xml version="1.0"?><w:document/>' });
export const pdfBytes = (size = 2000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(Math.max(0, size - 9), 0x20)]);
