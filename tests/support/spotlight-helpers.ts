import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CookieJar } from './registration-helpers';
import { sameOriginHeaders } from './test-app';

export const MEDIA_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'media');
export const media = (name: string) => readFileSync(path.join(MEDIA_DIR, name));

/** A multipart body as the recorder sends it: the transcript field, then the file. */
export function spotlightBody(bytes: Buffer, fileName: string, contentType: string, transcript?: string) {
  const boundary = '----jobwise-spotlight-boundary';
  const parts: Buffer[] = [];
  if (transcript !== undefined) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="transcript"\r\n\r\n${transcript}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadAnswer(app: FastifyInstance, jar: CookieJar | null, prompt: string, bytes: Buffer, options: { fileName?: string; contentType?: string; transcript?: string } = {}) {
  const body = spotlightBody(bytes, options.fileName ?? 'answer.webm', options.contentType ?? 'video/webm', options.transcript);
  return app.inject({
    method: 'POST',
    url: `/candidate/spotlight/answers/${prompt}/media`,
    headers: { ...sameOriginHeaders, 'content-type': body.contentType, ...(jar ? { cookie: jar.header() } : {}) },
    payload: body.payload,
  });
}

export function writeAnswer(app: FastifyInstance, jar: CookieJar | null, prompt: string, text: string) {
  return app.inject({
    method: 'POST',
    url: `/candidate/spotlight/answers/${prompt}/text`,
    headers: { ...sameOriginHeaders, 'content-type': 'application/json', ...(jar ? { cookie: jar.header() } : {}) },
    payload: JSON.stringify({ text }),
  });
}

export function deleteAnswer(app: FastifyInstance, jar: CookieJar | null, id: string) {
  return app.inject({ method: 'DELETE', url: `/candidate/spotlight/answers/${id}`, headers: { ...sameOriginHeaders, ...(jar ? { cookie: jar.header() } : {}) } });
}

export function getMedia(app: FastifyInstance, jar: CookieJar | null, url: string, range?: string) {
  return app.inject({ method: 'GET', url, headers: { ...(jar ? { cookie: jar.header() } : {}), ...(range ? { range } : {}) } });
}
