// Conversations made straight in a database, for the settings of the live-message tests (browser, the
// cluster fault script, the benchmark): an application of a candidate to a job of the company, and the
// conversation the team started about it with its first message, as /messages/new stores them.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/database';
import { createSession } from '../../src/server/features/sessions/session-repository';
import { insertConversation, insertMessage } from '../../src/server/features/messages/messages.repository';

/** A conversation between the company's team and the candidate; its id and its first message's. */
export async function conversationBetween(
  db: Db,
  input: { companyId: string; employerAccountId: string; seekerAccountId: string; seekerName: string; now: number },
): Promise<{ conversationId: string; firstMessageId: string }> {
  // Any open job stands in for the company's own: the conversation needs an application to be open.
  const job = await db.selectFrom('jobs').select(['id', 'title']).where('status', '=', 'open').orderBy('seq').executeTakeFirstOrThrow();
  const applicationId = randomUUID();
  await db
    .insertInto('job_applications')
    .values({
      id: applicationId,
      account_id: input.seekerAccountId,
      job_id: job.id,
      full_name: input.seekerName,
      email: `${input.seekerAccountId}@example.com`,
      phone: '+15125550100',
      location: 'Austin, TX',
      headline: '',
      resume_storage_key: null,
      created_at: input.now,
    })
    .execute();
  const conversationId = await insertConversation(db, {
    company_id: input.companyId,
    seeker_account_id: input.seekerAccountId,
    application_id: applicationId,
    job_title: job.title,
    started_by: input.employerAccountId,
    created_at: input.now,
    last_message_at: input.now,
  });
  const firstMessageId = await insertMessage(db, { conversation_id: conversationId, author_account_id: input.employerAccountId, author_side: 'employer', body: 'Hello, thanks for applying.', created_at: input.now });
  return { conversationId, firstMessageId };
}

export interface SeededConversations {
  employerCookie: string;
  conversations: Array<{ id: string; firstMessageId: string; seekerCookie: string }>;
}

/** A company with one team member and `count` candidates, each in a conversation with it; session cookies for all. */
export async function seedConversations(db: Db, options: { count: number; now: number; label: string }): Promise<SeededConversations> {
  const { now, label } = options;
  const account = async (email: string) => {
    const id = randomUUID();
    await db.insertInto('accounts').values({ id, email, email_normalized: email, country_code: 'US', email_alerts_opt_in: 0, created_at: now, last_login_at: now }).execute();
    return id;
  };
  const employerId = await account(`${label}-employer@example.com`);
  const companyId = `${label}-co`;
  await db.insertInto('companies').values({ id: companyId, name: `${label} Freight`, slug: `${label}-freight`, created_at: now, plan: 'premium', moderation_state: 'approved', created_by: employerId }).execute();
  await db.insertInto('company_members').values({ company_id: companyId, account_id: employerId, role: 'owner', created_at: now }).execute();
  const ttl = 86_400_000;
  const employerSession = await createSession(db, employerId, now, ttl, 'employer');
  const conversations: SeededConversations['conversations'] = [];
  for (let i = 0; i < options.count; i += 1) {
    const seekerId = await account(`${label}-seeker-${i}@example.com`);
    const made = await conversationBetween(db, { companyId, employerAccountId: employerId, seekerAccountId: seekerId, seekerName: `Candidate ${i}`, now });
    const session = await createSession(db, seekerId, now, ttl, 'seeker');
    conversations.push({ id: made.conversationId, firstMessageId: made.firstMessageId, seekerCookie: `jw_session=${session.id}` });
  }
  return { employerCookie: `jw_session=${employerSession.id}`, conversations };
}
