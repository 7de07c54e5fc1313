import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PageData } from '../../src/shared/page-data';
import { CookieJar, mailbox } from './registration-helpers';
import { postForm } from './seeker-helpers';

/** Signs a person in on the employer side the way the page does (plain form posts, the mailed code). */
export async function signInEmployer(app: FastifyInstance, email: string, jar = new CookieJar(), next = ''): Promise<CookieJar> {
  const sent = await postForm(app, '/authn/login/email', { email, kind: 'employer', next }, { jar, xhr: false });
  if (sent.statusCode !== 200) throw new Error(`employer code step failed: ${sent.statusCode} ${sent.body.slice(0, 200)}`);
  const done = await postForm(app, '/authn/login/code', { email, code: await latestSignInCode(app, email), kind: 'employer', next }, { jar, xhr: false });
  if (done.statusCode !== 303) throw new Error(`employer sign-in failed: ${done.statusCode}`);
  return jar;
}

/** The newest sign-in code mailed to the address (an invitation may have arrived at the same moment). */
export async function latestSignInCode(app: FastifyInstance, to: string): Promise<string> {
  const messages = await mailbox(app, to);
  const code = messages.find((message) => message.subject.startsWith('Your Jobwise code'))?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export const COMPANY_FIELDS = {
  name: 'Acme Logistics',
  website: 'https://acme-logistics.example',
  size_band: '11-50',
  industry: 'Transportation and Warehousing',
  description: 'We move freight across Texas.',
} as const;

export async function createCompany(app: FastifyInstance, jar: CookieJar, fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return postForm(app, '/employer/company/new', { ...COMPANY_FIELDS, ...fields }, { jar, xhr: false });
}

/** An employer with a company of their own (owner). */
export async function ownerOf(app: FastifyInstance, email: string, name: string): Promise<{ jar: CookieJar; companyId: string; slug: string; accountId: string }> {
  const jar = await signInEmployer(app, email);
  const created = await createCompany(app, jar, { name });
  if (created.statusCode !== 303) throw new Error(`company not created: ${created.statusCode} ${created.body.slice(0, 300)}`);
  const row = await app.db
    .selectFrom('company_members')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .innerJoin('accounts', 'accounts.id', 'company_members.account_id')
    .select(['companies.id', 'companies.slug', 'accounts.id as account_id'])
    .where('accounts.email_normalized', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return { jar, companyId: row.id, slug: row.slug, accountId: row.account_id };
}

/** The invitation link mailed to an address (the newest). */
export async function invitationPath(app: FastifyInstance, to: string): Promise<string> {
  // Read as a person reads it: through the development mailbox (the table holds the mail sealed).
  const messages = await mailbox(app, to);
  const message = messages.find((item) => item.subject.startsWith('Join '));
  const match = message?.text.match(/https?:\/\/[^/\s]+(\/employer\/invitation\/[A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation mailed to ${to}`);
  return match[1]!;
}

export function pageData<P = Record<string, unknown>>(html: string): PageData<P> {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}
