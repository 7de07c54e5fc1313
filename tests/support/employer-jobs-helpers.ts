import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { EMPTY_DRAFT, type JobDraftData } from '../../src/shared/employer-jobs/fields';
import type { CookieJar } from './registration-helpers';
import { postForm, signIn } from './seeker-helpers';

/**
 * A signed-in member of a company of their own, on the employer side. The company and membership are
 * arranged in the database (the companies feature's own tests cover making them through its pages).
 */
export async function employerOfNewCompany(
  app: FastifyInstance,
  email: string,
  company: { id: string; name: string; plan?: 'free' | 'standard' | 'premium'; approved?: boolean },
): Promise<{ jar: CookieJar; accountId: string; companyId: string }> {
  const jar = await signIn(app, email);
  const account = await app.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await app.db.updateTable('sessions').set({ side: 'employer' }).where('account_id', '=', account.id).execute();
  await app.db
    .insertInto('companies')
    .values({ id: company.id, name: company.name, slug: company.id, created_at: 0, plan: company.plan ?? 'premium', moderation_state: company.approved === false ? 'pending' : 'approved', created_by: account.id })
    .execute();
  await app.db.insertInto('company_members').values({ company_id: company.id, account_id: account.id, role: 'owner', created_at: 0 }).execute();
  return { jar, accountId: account.id, companyId: company.id };
}

export async function signedInAdmin(app: FastifyInstance, email: string): Promise<CookieJar> {
  const jar = await signIn(app, email);
  await app.db.updateTable('accounts').set({ role: 'admin' }).where('email', '=', email).execute();
  return jar;
}

/** A complete job as the form posts it. */
export const JOB_FORM: JobDraftData = {
  ...EMPTY_DRAFT,
  title: 'Night Forklift Operator',
  category: 'warehouse',
  description: '## The job\n\nMove pallets safely across a busy warehouse floor.\n\n- Nights\n- Weekly pay',
  location: 'Austin, TX',
  pay_min: '19',
  pay_max: '23',
  benefits: ['Health insurance', 'Weekly pay'],
};

/** The draft as form fields (questions in slots q1_text ...; benefits repeated). */
export function formFields(draft: JobDraftData, intent: 'publish' | 'draft' | 'preview' = 'publish'): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(draft)) {
    if (key === 'benefits') for (const benefit of draft.benefits) params.append('benefits', benefit);
    else if (key === 'questions') {
      draft.questions.forEach((question, index) => {
        params.set(`q${index + 1}_text`, question.text);
        params.set(`q${index + 1}_kind`, question.kind);
        if (question.deal_breaker) params.set(`q${index + 1}_deal_breaker`, 'on');
        params.set(`q${index + 1}_expected`, question.expected);
      });
    } else params.set(key, String(value));
  }
  params.set('intent', intent);
  return params;
}

export async function postJobForm(app: FastifyInstance, jar: CookieJar, path: string, draft: JobDraftData, options: { intent?: 'publish' | 'draft' | 'preview'; xhr?: boolean } = {}): Promise<LightMyRequestResponse> {
  const params = formFields(draft, options.intent);
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: {
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
      ...(options.xhr ? { 'x-requested-with': 'XMLHttpRequest' } : {}),
      'content-type': 'application/x-www-form-urlencoded',
      cookie: jar.header(),
    },
    payload: params.toString(),
  });
  jar.store(response);
  return response;
}

export { postForm };
