import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canViewSpotlightOf, hasSpotlight, listSpotlightAnswers } from '../../src/server/features/spotlight/spotlight.service';
import { ownerOf } from '../support/employer-helpers';
import { insertJob } from '../support/jobs-fixtures';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { deleteAnswer, getMedia, media, uploadAnswer, writeAnswer } from '../support/spotlight-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const uploadsDir = () => t.config.UPLOADS_DIR ?? path.join(t.config.DATA_DIR, 'uploads');
/** The spotlight files kept: an upload is streamed to storage before it is checked (decision 0285), so a refused one leaves none. */
const keptSpotlightFiles = () => (existsSync(path.join(uploadsDir(), 'spotlight')) ? readdirSync(path.join(uploadsDir(), 'spotlight')) : []);
const storedFile = async (answerId: string) => {
  const row = await t.app.db.selectFrom('spotlight_answers').select('storage_key').where('id', '=', answerId).executeTakeFirstOrThrow();
  return path.join(uploadsDir(), row.storage_key!);
};

describe('/profile', () => {
  it('sends a visitor to log in and back to the spotlight', async () => {
    const response = await getPage(t.app, '/profile?openCandidateSpotlight=true');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/authn/login?next=${encodeURIComponent('/profile?openCandidateSpotlight=true')}`);
  });

  it('shows the signed-in seeker their profile and the spotlight, opened at once with the flag', async () => {
    const jar = await signIn(t.app, 'profile@example.com');
    const page = await getPage(t.app, '/profile?openCandidateSpotlight=true', jar);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Candidate spotlight');
    expect(page.body).toContain('"openSpotlight":true');
    expect(page.body).toContain('"source":"REGISTRATION_LOGIN"');
    const fromHome = await getPage(t.app, '/profile?openCandidateSpotlight=true&spotlightSource=LOGGED_IN_HOME_PAGE', jar);
    expect(fromHome.body).toContain('"source":"LOGGED_IN_HOME_PAGE"');
    const plain = await getPage(t.app, '/profile', jar);
    expect(plain.body).toContain('"openSpotlight":false');
    expect(plain.body).toContain('"source":"PROFILE"');
  });
});

describe('uploads are checked before they are kept', () => {
  it.each([
    ['answer.webm', 'video', 'video/webm'],
    ['answer.mp4', 'video', 'video/mp4'],
    ['answer.m4a', 'audio', 'audio/mp4'],
    ['answer.ogg', 'audio', 'audio/ogg'],
    ['answer.mp3', 'audio', 'audio/mpeg'],
  ])('keeps %s as %s (%s), its duration read from the file', async (file, kind, contentType) => {
    const jar = await signIn(t.app, `ok-${file}@example.com`);
    // The declared type is wrong on purpose: only the bytes count.
    const response = await uploadAnswer(t.app, jar, 'about_you', media(file), { contentType: 'application/octet-stream' });
    expect(response.statusCode).toBe(200);
    const { answer } = response.json();
    expect(answer).toMatchObject({ prompt: 'about_you', kind, contentType, text: null });
    expect(answer.durationSeconds).toBeGreaterThan(1.5);
    expect(answer.durationSeconds).toBeLessThan(2.5);
    expect(existsSync(await storedFile(answer.id))).toBe(true);
  });

  it('refuses what is not audio or video with 415 and a clear message, and stores nothing', async () => {
    const jar = await signIn(t.app, 'wrong@example.com');
    for (const bytes of [Buffer.from('%PDF-1.7\n'.padEnd(4000, ' ')), Buffer.from('just some text, not a video at all'.repeat(40)), Buffer.alloc(5000)]) {
      const response = await uploadAnswer(t.app, jar, 'about_you', bytes);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ status: 'MEDIA_REJECTED', error_message: 'We could not play this file. Upload a video or audio file: WebM, MP4, Ogg, MP3 or M4A.' });
    }
    expect(await t.app.db.selectFrom('spotlight_answers').selectAll().execute()).toHaveLength(0);
    expect(keptSpotlightFiles()).toEqual([]);
  });

  it('refuses a file over 90 seconds (read from the file) and one over 30 MB', async () => {
    const jar = await signIn(t.app, 'long@example.com');
    const long = await uploadAnswer(t.app, jar, 'about_you', media('long-95s.ogg'), { fileName: 'long.ogg', contentType: 'audio/ogg' });
    expect(long.statusCode).toBe(422);
    expect(long.json().error_message).toBe('Your answer must be 90 seconds or shorter. Trim it, or record it again.');
    const huge = Buffer.concat([media('answer.webm'), Buffer.alloc(30 * 1024 * 1024)]);
    const tooLarge = await uploadAnswer(t.app, jar, 'about_you', huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error_message).toBe('Your recording or file must be 30 MB or smaller.');
    expect(await t.app.db.selectFrom('spotlight_answers').selectAll().execute()).toHaveLength(0);
    expect(keptSpotlightFiles()).toEqual([]);
  });

  it("gives Chrome's WebM recording (no duration) a duration the file itself carries, so players can seek", async () => {
    const jar = await signIn(t.app, 'chrome@example.com');
    const raw = media('chrome-recording.webm');
    await expect(parseBuffer(raw, { mimeType: 'video/webm', size: raw.length }, { duration: true })).rejects.toThrow();
    const response = await uploadAnswer(t.app, jar, 'about_you', raw);
    expect(response.statusCode).toBe(200);
    const { answer } = response.json();
    expect(answer.kind).toBe('video');
    expect(answer.durationSeconds).toBeGreaterThan(1);
    const served = await getMedia(t.app, jar, answer.mediaUrl);
    const meta = await parseBuffer(served.rawPayload, { mimeType: 'video/webm', size: served.rawPayload.length }, { duration: true });
    expect(meta.format.duration).toBeGreaterThan(1);
    expect(meta.format.duration).toBeLessThan(2);
    const audio = await uploadAnswer(t.app, jar, 'why_this_work', media('chrome-audio.webm'), { contentType: 'audio/webm' });
    expect(audio.json().answer).toMatchObject({ kind: 'audio', contentType: 'audio/webm' });
  });

  it('refuses a visitor, a cross-site post and an unknown prompt', async () => {
    expect((await uploadAnswer(t.app, null, 'about_you', media('answer.webm'))).statusCode).toBe(401);
    const jar = await signIn(t.app, 'csrf-spot@example.com');
    const body = { text: 'Hello' };
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/candidate/spotlight/answers/about_you/text',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', cookie: jar.header() },
      payload: JSON.stringify(body),
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await uploadAnswer(t.app, jar, 'favourite_colour', media('answer.webm'))).statusCode).toBe(400);
    expect(await t.app.db.selectFrom('spotlight_answers').selectAll().execute()).toHaveLength(0);
  });
});

describe('written answers and transcripts', () => {
  it('keeps a written answer of up to 1,000 characters and refuses a longer or empty one', async () => {
    const jar = await signIn(t.app, 'writer@example.com');
    const ok = await writeAnswer(t.app, jar, 'proudest_moment', `${'a'.repeat(999)}!`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().answer).toMatchObject({ kind: 'text', prompt: 'proudest_moment', mediaUrl: null });
    const long = await writeAnswer(t.app, jar, 'proudest_moment', 'b'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error_message).toBe('Your answer can be at most 1,000 characters.');
    const empty = await writeAnswer(t.app, jar, 'proudest_moment', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_message).toBe('Write your answer first.');
    const rows = await t.app.db.selectFrom('spotlight_answers').select('text').execute();
    expect(rows).toEqual([{ text: `${'a'.repeat(999)}!` }]);
  });

  it('turns a transcript into a WebVTT captions track, and refuses one over 1,000 characters', async () => {
    const jar = await signIn(t.app, 'captions@example.com');
    const transcript = 'I drove forklifts for five years. Safety first, always! <b>Hello</b> & welcome.';
    const saved = await uploadAnswer(t.app, jar, 'about_you', media('answer.mp4'), { transcript });
    const { answer } = saved.json();
    expect(answer.transcript).toBe(transcript);
    const captions = await getMedia(t.app, jar, answer.captionsUrl);
    expect(captions.statusCode).toBe(200);
    expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(captions.body.startsWith('WEBVTT\n\n1\n00:00:00.000 --> ')).toBe(true);
    expect(captions.body).toContain('&lt;b&gt;Hello&lt;/b&gt; &amp; welcome.');
    expect(captions.body).toMatch(/--> 00:00:02\.064\n/);
    const tooLong = await uploadAnswer(t.app, jar, 'why_this_work', media('answer.mp4'), { transcript: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error_message).toBe('A transcript can be at most 1,000 characters.');
  });
});

describe('serving with range requests', () => {
  it('answers 206 with Content-Range for a range, the whole file without one, 416 past the end', async () => {
    const jar = await signIn(t.app, 'ranges@example.com');
    const bytes = media('answer.webm');
    const { answer } = (await uploadAnswer(t.app, jar, 'about_you', bytes)).json();
    const whole = await getMedia(t.app, jar, answer.mediaUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await getMedia(t.app, jar, answer.mediaUrl, 'bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const open = await getMedia(t.app, jar, answer.mediaUrl, 'bytes=8000-');
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 8000-${bytes.length - 1}/${bytes.length}`);
    expect(open.rawPayload.equals(bytes.subarray(8000))).toBe(true);

    const suffix = await getMedia(t.app, jar, answer.mediaUrl, 'bytes=-10');
    expect(suffix.headers['content-range']).toBe(`bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`);

    for (const bad of [`bytes=${bytes.length}-`, 'bytes=500-100', 'bytes=abc']) {
      const refused = await getMedia(t.app, jar, answer.mediaUrl, bad);
      expect(refused.statusCode).toBe(416);
      expect(refused.headers['content-range']).toBe(`bytes */${bytes.length}`);
    }
  });
});

describe('who may see what', () => {
  it('serves the answers to their owner only; anyone else gets 404', async () => {
    const owner = await signIn(t.app, 'owner@example.com');
    const other = await signIn(t.app, 'other@example.com');
    const { answer } = (await uploadAnswer(t.app, owner, 'about_you', media('answer.webm'), { transcript: 'Hello there.' })).json();
    for (const url of [answer.mediaUrl, answer.captionsUrl]) {
      expect((await getMedia(t.app, owner, url)).statusCode).toBe(200);
      expect((await getMedia(t.app, other, url)).statusCode).toBe(404);
      expect((await getMedia(t.app, null, url)).statusCode).toBe(404);
    }
    expect((await getMedia(t.app, owner, '/spotlight/answers/doesnotexist1/media')).statusCode).toBe(404);
    // Another person cannot delete it either.
    expect((await deleteAnswer(t.app, other, answer.id)).statusCode).toBe(404);
    const listed = await t.app.inject({ method: 'GET', url: '/candidate/spotlight/answers', headers: { cookie: other.header() } });
    expect(listed.json().answers).toEqual([]);
  });

  it('opens a seeker’s answer to the team of a company they applied to, and to no other company', async () => {
    const seeker = await signIn(t.app, 'applicant@example.com');
    const { answer } = (await uploadAnswer(t.app, seeker, 'about_you', media('answer.ogg'))).json();
    const row = await t.app.db.selectFrom('spotlight_answers').select('account_id').where('id', '=', answer.id).executeTakeFirstOrThrow();
    const hiring = await ownerOf(t.app, 'owner@hiring.example', 'Hiring Co');
    const other = await ownerOf(t.app, 'owner@other.example', 'Other Co');
    await insertJob(t.app.db, t.app.now(), { id: 'spotjob01' });
    await t.app.db.updateTable('jobs').set({ company_id: hiring.companyId }).where('id', '=', 'spotjob01').execute();
    expect((await getMedia(t.app, hiring.jar, answer.mediaUrl)).statusCode).toBe(404);
    await t.app.db
      .insertInto('job_applications')
      .values({ id: 'app-spot-1', account_id: row.account_id, job_id: 'spotjob01', full_name: 'A P', email: 'applicant@example.com', phone: '', location: '', headline: '', resume_storage_key: null, created_at: t.app.now() })
      .execute();
    expect((await getMedia(t.app, hiring.jar, answer.mediaUrl)).statusCode).toBe(200);
    expect((await getMedia(t.app, other.jar, answer.mediaUrl)).statusCode).toBe(404);
  });

  it('closes the answers to a company once the seeker withdraws, transcripts written later included', async () => {
    const seeker = await signIn(t.app, 'withdrawer@example.com');
    const { answer } = (await uploadAnswer(t.app, seeker, 'about_you', media('answer.webm'), { transcript: 'Before.' })).json();
    const row = await t.app.db.selectFrom('spotlight_answers').select('account_id').where('id', '=', answer.id).executeTakeFirstOrThrow();
    const hiring = await ownerOf(t.app, 'owner@withdrawn.example', 'Withdrawn Co');
    await insertJob(t.app.db, t.app.now(), { id: 'spotjob02' });
    await t.app.db.updateTable('jobs').set({ company_id: hiring.companyId }).where('id', '=', 'spotjob02').execute();
    await t.app.db
      .insertInto('job_applications')
      .values({ id: 'app-spot-2', account_id: row.account_id, job_id: 'spotjob02', full_name: 'W D', email: 'withdrawer@example.com', phone: '', location: '', headline: '', resume_storage_key: null, created_at: t.app.now() })
      .execute();
    for (const url of [answer.mediaUrl, answer.captionsUrl]) expect((await getMedia(t.app, hiring.jar, url)).statusCode).toBe(200);

    const withdrawn = await postForm(t.app, '/candidate/applications/app-spot-2/withdraw', {}, { jar: seeker, xhr: false });
    expect(withdrawn.headers.location).toBe('/candidate/my-jobs?notice=withdrawn');
    const later = await t.app.inject({
      method: 'POST',
      url: `/candidate/spotlight/answers/${answer.id}/transcript`,
      headers: { ...sameOriginHeaders, 'content-type': 'application/json', cookie: seeker.header() },
      payload: JSON.stringify({ transcript: 'Written after I withdrew.' }),
    });
    expect(later.statusCode).toBe(200);
    // Like every other applicant route (security.md, "Applicants"): 404, as if there were nothing.
    for (const url of [answer.mediaUrl, answer.captionsUrl]) expect((await getMedia(t.app, hiring.jar, url)).statusCode).toBe(404);
    expect(await canViewSpotlightOf(t.app.db, { id: hiring.accountId, email: 'owner@withdrawn.example', role: 'job_seeker', side: 'employer' }, row.account_id)).toBe(false);
    // The seeker still has their own answers.
    expect((await getMedia(t.app, seeker, answer.captionsUrl)).body).toContain('Written after I withdrew.');
  });

  it('exposes the answers and the access rule as the public module', async () => {
    const jar = await signIn(t.app, 'public@example.com');
    await writeAnswer(t.app, jar, 'proudest_moment', 'Trained six new hires.');
    const { answer } = (await uploadAnswer(t.app, jar, 'about_you', media('answer.ogg'), { transcript: 'Hi.' })).json();
    const row = await t.app.db.selectFrom('spotlight_answers').select('account_id').where('id', '=', answer.id).executeTakeFirstOrThrow();
    const answers = await listSpotlightAnswers(t.app.db, row.account_id);
    expect(answers.map((item) => [item.prompt, item.kind, item.transcript ?? item.text])).toEqual([
      ['about_you', 'audio', 'Hi.'],
      ['proudest_moment', 'text', 'Trained six new hires.'],
    ]);
    expect(await hasSpotlight(t.app.db, row.account_id)).toBe(true);
    expect(await canViewSpotlightOf(t.app.db, { id: row.account_id, email: 'public@example.com', role: 'job_seeker', side: 'seeker' }, row.account_id)).toBe(true);
    expect(await canViewSpotlightOf(t.app.db, { id: 'someone-else', email: 'x@example.com', role: 'job_seeker', side: 'seeker' }, row.account_id)).toBe(false);
    expect(await canViewSpotlightOf(t.app.db, null, row.account_id)).toBe(false);
  });
});

describe('replacing and deleting', () => {
  it('keeps one answer per prompt: a new one replaces the old and its file', async () => {
    const jar = await signIn(t.app, 'replace@example.com');
    const first = (await uploadAnswer(t.app, jar, 'about_you', media('answer.webm'))).json().answer;
    const firstFile = await storedFile(first.id);
    const second = (await writeAnswer(t.app, jar, 'about_you', 'Written instead.')).json().answer;
    expect(second.id).not.toBe(first.id);
    expect(existsSync(firstFile)).toBe(false);
    expect(await t.app.db.selectFrom('spotlight_answers').selectAll().execute()).toHaveLength(1);
    expect((await getMedia(t.app, jar, first.mediaUrl)).statusCode).toBe(404);
  });

  it('deletes an answer at any time, and its file from storage', async () => {
    const jar = await signIn(t.app, 'delete@example.com');
    const { answer } = (await uploadAnswer(t.app, jar, 'about_you', media('answer.mp3'), { contentType: 'audio/mpeg' })).json();
    const file = await storedFile(answer.id);
    expect(existsSync(file)).toBe(true);
    const deleted = await deleteAnswer(t.app, jar, answer.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().status).toBe('DELETED');
    expect(existsSync(file)).toBe(false);
    expect((await getMedia(t.app, jar, answer.mediaUrl)).statusCode).toBe(404);
    expect((await deleteAnswer(t.app, jar, answer.id)).statusCode).toBe(404);
  });
});

describe('transcripts added later', () => {
  it('sets, changes and clears the transcript of a media answer, for its owner only', async () => {
    const jar = await signIn(t.app, 'later@example.com');
    const other = await signIn(t.app, 'later-other@example.com');
    const { answer } = (await uploadAnswer(t.app, jar, 'about_you', media('answer.webm'))).json();
    expect(answer.captionsUrl).toBeNull();
    const post = (who: typeof jar, id: string, transcript: string) =>
      t.app.inject({
        method: 'POST',
        url: `/candidate/spotlight/answers/${id}/transcript`,
        headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', cookie: who.header() },
        payload: JSON.stringify({ transcript }),
      });
    const set = await post(jar, answer.id, 'Now with words.');
    expect(set.statusCode).toBe(200);
    expect(set.json().answer).toMatchObject({ transcript: 'Now with words.', captionsUrl: `/spotlight/answers/${answer.id}/captions.vtt` });
    expect((await getMedia(t.app, jar, set.json().answer.captionsUrl)).body).toContain('Now with words.');
    expect((await post(other, answer.id, 'Not mine.')).statusCode).toBe(404);
    expect((await post(jar, answer.id, 'y'.repeat(1001))).statusCode).toBe(400);
    const cleared = await post(jar, answer.id, '');
    expect(cleared.json().answer.transcript).toBeNull();
    const written = (await writeAnswer(t.app, jar, 'why_this_work', 'Words.')).json().answer;
    expect((await post(jar, written.id, 'A transcript of a written answer?')).statusCode).toBe(404);
  });
});

describe('saving twice at once', () => {
  it('keeps one answer and one file when two saves for the same prompt race', async () => {
    const jar = await signIn(t.app, 'race@example.com');
    const answers = await Promise.all([uploadAnswer(t.app, jar, 'about_you', media('answer.webm')), uploadAnswer(t.app, jar, 'about_you', media('answer.ogg'), { contentType: 'audio/ogg' })]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    const rows = await t.app.db.selectFrom('spotlight_answers').select(['id', 'storage_key']).execute();
    expect(rows).toHaveLength(1);
    expect(readdirSync(path.join(uploadsDir(), 'spotlight'))).toEqual([rows[0]!.storage_key!.split('/')[1]]);
  });
});
