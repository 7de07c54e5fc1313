// Two real instance processes on one PostgreSQL and Redis (issue 17): what one does, the other sees.
// Requests go straight to each instance's port (not through haproxy) so the script picks which one
// answers: sign-in across instances, the resend wait, a client's limit, an upload, scheduled jobs once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sleep } from './cluster';
import { runFault } from './fault-support';
import { request, sameOrigin, uniqueEmail } from './load';

const CLIENT_MAX = 6;
const CLIENT_WINDOW_SECONDS = 60;

await runFault(
  { name: 'behaviour', port: Number(process.env.FAULT_PORT ?? 3387), env: { LOG_LEVEL: 'info', RATE_LIMIT_CLIENT_MAX: String(CLIENT_MAX), RATE_LIMIT_CLIENT_WINDOW_SECONDS: String(CLIENT_WINDOW_SECONDS) }, timeLimitMs: 100_000 },
  async ({ cluster, publicUrl, db, logDir, log, check }) => {
    const [a, b] = cluster.instances.map((instance) => `http://127.0.0.1:${instance.port}`) as [string, string];
    let client = 0;
    // A client address of its own per step, so the per-client limit only bites where the script wants it.
    const from = () => ({ 'x-forwarded-for': `10.77.${Math.floor(client / 250)}.${(client += 1) % 250}` });
    const cookies = new Map<string, string>();
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const post = async (base: string, pathName: string, body: unknown, headers: Record<string, string> = from()) => {
      const response = await fetch(`${base}${pathName}`, { method: 'POST', headers: { ...sameOrigin(publicUrl, headers), cookie: cookieHeader() }, body: JSON.stringify(body) });
      keep(response);
      return { status: response.status, text: await response.text() };
    };
    const register = (base: string, email: string, headers?: Record<string, string>) =>
      post(base, '/jobseeker/register', { form_data: { email }, source: 'landing', component_id: 'registration-modal', method: 'EMAIL' }, headers);

    // Sign-in: the code asked on A, read and entered on B; the session then works on A.
    const email = uniqueEmail('across');
    check((await register(a, email)).status === 200, 'A sends the code');
    const mailbox = await request(`${b}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const code = /\b(\d{6})\b/.exec(mailbox.body)?.[1] ?? '';
    check(code.length === 6, 'B shows the code A mailed');
    const validated = await post(b, '/jobseeker/register/otp_validation', { email, one_time_password: code, meta_data: {} });
    check(validated.status === 200 && validated.text.includes('"SUCCESS"') && cookies.has('jw_session'), 'B accepts the code A sent and signs the person in');
    const page = await fetch(`${a}/candidate/resume`, { headers: { cookie: cookieHeader() }, redirect: 'manual' });
    check(page.status === 200, 'the session made on B works on A');

    // Upload on A, read on B (both on the cluster's S3 server, decision 0305), whole and by range.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(400_000, 7)]);
    const form = new FormData();
    form.append('resume', new Blob([pdf], { type: 'application/pdf' }), 'cv.pdf');
    // No content-type header: fetch writes the multipart one with its boundary.
    const { 'content-type': _json, ...browser } = sameOrigin(publicUrl, from());
    const uploaded = await fetch(`${a}/candidate/resume`, { method: 'POST', headers: { ...browser, cookie: cookieHeader() }, body: form });
    check(uploaded.status === 200 && (await uploaded.text()).includes('UPLOADED'), 'A stores an uploaded résumé');
    const whole = await fetch(`${b}/candidate/resume/file`, { headers: { cookie: cookieHeader() } });
    check(whole.status === 200 && Buffer.from(await whole.arrayBuffer()).equals(pdf), 'B serves the résumé A stored, byte for byte');
    const part = await fetch(`${b}/candidate/resume/file`, { headers: { cookie: cookieHeader(), range: 'bytes=0-8' } });
    check(part.status === 206 && (await part.text()) === '%PDF-1.7\n', 'B serves a byte range of it (206)');
    const stored = await db.db.selectFrom('resumes').select('storage_key').executeTakeFirstOrThrow();
    const object = await fetch(`${cluster.s3!.endpoint}/${cluster.s3!.settings.bucket}/${stored.storage_key}`, { method: 'HEAD' });
    const rows = await db.db.selectFrom('stored_files').select('key').execute();
    check(object.status === 200 && Number(object.headers.get('content-length')) === pdf.length && rows.length === 0, 'the résumé is an object in the S3 bucket, not database rows');

    // The 60 s resend wait: a second code for the same address, asked on B right after A sent one.
    const waiting = uniqueEmail('resend');
    check((await register(a, waiting)).status === 200, 'A sends a code');
    const again = await register(b, waiting);
    check(again.status === 429 && again.text.includes('RATE_LIMITING_THROTTLED'), 'B refuses a resend within 60 s of A\'s code');

    // One client's limit, its calls alternating between the instances. The limit counts in fixed
    // windows: calls that straddle a window's end start a new count, as they did once in CI (all seven
    // answered 200), so near the end of a window the burst waits for the next one.
    const windowMs = CLIENT_WINDOW_SECONDS * 1000;
    const left = windowMs - (Date.now() % windowMs);
    if (left < 5_000) await sleep(left + 100);
    const one = { 'x-forwarded-for': '198.51.100.66' };
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_MAX + 1; i += 1) statuses.push((await register(i % 2 === 0 ? a : b, uniqueEmail('client'), one)).status);
    log(`one client's calls, alternating A and B: ${statuses.join(' ')}`);
    check(statuses.slice(0, CLIENT_MAX).every((status) => status === 200) && statuses[CLIENT_MAX] === 429, `the per-client limit (${CLIENT_MAX}) is counted once across A and B`);

    // Scheduled jobs: both instances look every second; each hourly job ran once.
    await sleep(3000);
    const runs = (name: string) =>
      [0, 1]
        .map((index) => readFileSync(path.join(logDir, `instance-${index}.log`), 'utf8'))
        .join('\n')
        .split('\n')
        .filter((line) => line.includes('"scheduled job ran"') && line.includes(`"job":"${name}"`)).length;
    for (const job of ['alert-digest', 'observation-purge']) check(runs(job) === 1, `${job} ran once across both instances in 3 s of ticks every second (${runs(job)})`);
  },
);
