// Requests a probe sent that once answered 500 (issue 41, finding 6, and "/%"): each now gets a 4xx in the
// spec's shape and stores nothing. SQLite by default; PostgreSQL with TEST_DATABASE_URL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownerOf } from '../support/employer-helpers';
import type { CookieJar } from '../support/registration-helpers';
import { signIn } from '../support/seeker-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
});
afterEach(async () => t.close());

/** A signed-in person on the employer side with no company yet. */
async function employerWithoutCompany(email: string): Promise<CookieJar> {
  const jar = await signIn(t.app, email);
  await t.app.db
    .updateTable('sessions')
    .set({ side: 'employer' })
    .where('account_id', '=', (await t.app.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id)
    .execute();
  return jar;
}

/** A multipart body cut off before its closing boundary, the file part half sent. */
function cutOffMultipart(field: string, fileName: string, contentType: string) {
  const boundary = '----jobwise-cut-off';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    Buffer.alloc(4096, 0x41),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('a body that is not a form', () => {
  it.each([['a JSON string', '"acme"'], ['a JSON array', '["name","Acme"]'], ['a JSON number', '42'], ['JSON null', 'null']])(
    'creating a company with %s answers 400 with the fields’ messages and makes no company',
    async (_kind, body) => {
      const jar = await employerWithoutCompany('boss@acme.example');
      const response = await t.app.inject({
        method: 'POST',
        url: '/employer/company/new',
        headers: { ...sameOriginHeaders, 'content-type': 'application/json', cookie: jar.header() },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(await t.app.db.selectFrom('companies').select('id').execute()).toEqual([]);
    },
  );
});

describe('an upload cut off before its end', () => {
  it('a spotlight recording answers 400 and keeps nothing', async () => {
    const jar = await signIn(t.app, 'sam@example.com');
    const body = cutOffMultipart('media', 'answer.webm', 'video/webm');
    const response = await t.app.inject({
      method: 'POST',
      url: '/candidate/spotlight/answers/about_you/media',
      headers: { ...sameOriginHeaders, 'content-type': body.contentType, cookie: jar.header() },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'MEDIA_REJECTED' });
    expect(await t.app.db.selectFrom('spotlight_answers').select('id').execute()).toEqual([]);
  });

  it('a résumé answers 400 and keeps nothing', async () => {
    const jar = await signIn(t.app, 'sam@example.com');
    const body = cutOffMultipart('resume', 'resume.pdf', 'application/pdf');
    const response = await t.app.inject({
      method: 'POST',
      url: '/candidate/resume',
      headers: { ...sameOriginHeaders, 'content-type': body.contentType, cookie: jar.header() },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(await t.app.db.selectFrom('resumes').select('account_id').execute()).toEqual([]);
  });

  it('a company logo answers 400 and keeps nothing', async () => {
    const owner = await ownerOf(t.app, 'logo@acme.example', 'Logo Co');
    const body = cutOffMultipart('logo', 'logo.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/employer/company/logo',
      headers: { ...sameOriginHeaders, 'content-type': body.contentType, cookie: owner.jar.header() },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect((await t.app.db.selectFrom('companies').select('logo_key').where('id', '=', owner.companyId).executeTakeFirstOrThrow()).logo_key).toBeNull();
  });
});

describe('an address that cannot be decoded', () => {
  it.each(['/%', '/jobs/%zz', '/candidate/%E0%A4%A'])('%s answers 400 in the spec’s shape, with strict headers', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'PROTO_VALIDATION_ERROR', error_message: 'This address is not valid.', error: 'This address is not valid.' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
