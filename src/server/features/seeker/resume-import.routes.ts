// Filling the profile from the stored résumé (issue 43, decision 0302): GET reads the résumé's text and
// shows what the rules found, each entry a ticked box; nothing is saved until the seeker posts the
// entries they kept. The post reads the résumé again (nothing parsed is stored between the two), keeps
// the ticked entries that pass the profile sections' own schemas and limits, in one transaction.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { PROFILE_SECTION_SCHEMAS } from '../../../shared/seeker/profile-sections-contract';
import { PROFILE_SECTION_LIMITS, type ProfileSectionKind } from '../../../shared/seeker/profile-sections';
import { RESUME_IMPORT_MESSAGES, RESUME_IMPORT_PATH, type ResumeImportPageProps } from '../../../shared/seeker/resume-import';
import { parseResumeText } from '../../../shared/seeker/resume-parse';
import type { RoutesApp } from '../../shared/route-contracts';
import { signedInUser } from '../sessions/route-guard';
import { profileSections } from './profile-sections';
import { countProfileEntries, insertProfileEntry } from './profile-sections.repository';
import { resumeText } from './resume-text';
import { findResume } from './seeker.repository';

const PRIVATE = 'private, no-store';
const KEY = /^(work|education|skill)-(\d{1,2})$/;
/** The boxes ticked: one value or several under `keep`; anything else is ignored. */
const ImportBodySchema = z.object({ keep: z.union([z.string().max(100), z.array(z.string().max(100)).max(200)]).optional() }).passthrough();

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export default async function resumeImportRoutes(app: RoutesApp) {
  // The résumé database listens (decision 0314): the imported entries are searchable at once.
  const { seekerExtensions: extensions } = app;
  const config = { requireRole: 'seeker', signInNext: () => RESUME_IMPORT_PATH } as const;

  /** What the rules find in the person's stored résumé, each entry checked by its section's schema; null without a résumé. */
  async function offers(accountId: string): Promise<Omit<ResumeImportPageProps, 'error'> | null> {
    const resume = await findResume(app.db, accountId);
    if (!resume) return null;
    const stream = await app.fileStorage.openRead(resume.storage_key);
    let text = '';
    try {
      text = stream ? await resumeText(await readStream(stream), resume.content_type === 'application/pdf' ? 'pdf' : 'docx') : '';
    } catch (error) {
      // An unreadable file is the seeker's to fill by hand (the page says so); the log keeps why.
      app.log.warn({ err: error }, 'résumé text could not be read');
    }
    const parsed = parseResumeText(text);
    const have = new Set((await profileSections(app.db, accountId)).skills.map((skill) => skill.name.toLowerCase()));
    return {
      fileName: resume.file_name,
      unreadable: text.trim() === '',
      work: parsed.work.flatMap((entry, at) => (PROFILE_SECTION_SCHEMAS.work.safeParse(entry).success ? [{ key: `work-${at}`, entry }] : [])),
      education: parsed.education.flatMap((entry, at) => (PROFILE_SECTION_SCHEMAS.education.safeParse(entry).success ? [{ key: `education-${at}`, entry }] : [])),
      // A skill already on the profile is not offered again.
      skills: parsed.skills.flatMap((name, at) => (!have.has(name.toLowerCase()) && PROFILE_SECTION_SCHEMAS.skills.safeParse({ name }).success ? [{ key: `skill-${at}`, entry: name }] : [])),
    };
  }

  const render = (reply: FastifyReply, props: ResumeImportPageProps, status = 200) =>
    reply.header('cache-control', PRIVATE).renderPage('seeker-resume-import', props, { title: 'Fill your profile from your résumé', noIndex: true, status });

  app.get(RESUME_IMPORT_PATH, { config }, async (request, reply) => {
    const found = await offers(signedInUser(request).id);
    if (!found) return reply.header('cache-control', PRIVATE).redirect(SEEKER_PATHS.resume, 303);
    return render(reply, { ...found, error: null });
  });

  app.post(RESUME_IMPORT_PATH, { config, schema: { body: ImportBodySchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const found = await offers(user.id);
    if (!found) return reply.header('cache-control', PRIVATE).redirect(SEEKER_PATHS.resume, 303);
    const keep = new Set([request.body.keep ?? []].flat().filter((key) => KEY.test(key)));
    const chosen: Array<{ kind: ProfileSectionKind; fields: unknown }> = [
      ...found.work.filter((offer) => keep.has(offer.key)).map((offer) => ({ kind: 'work' as const, fields: PROFILE_SECTION_SCHEMAS.work.parse(offer.entry) })),
      ...found.education.filter((offer) => keep.has(offer.key)).map((offer) => ({ kind: 'education' as const, fields: PROFILE_SECTION_SCHEMAS.education.parse(offer.entry) })),
      ...found.skills.filter((offer) => keep.has(offer.key)).map((offer) => ({ kind: 'skills' as const, fields: PROFILE_SECTION_SCHEMAS.skills.parse({ name: offer.entry }) })),
    ];
    if (chosen.length === 0) return render(reply, { ...found, error: RESUME_IMPORT_MESSAGES.nothingTicked }, 400);
    const now = app.now();
    await app.db.transaction().execute(async (trx) => {
      let count = 0;
      const room: Partial<Record<ProfileSectionKind, number>> = {};
      for (const { kind, fields } of chosen) {
        room[kind] ??= PROFILE_SECTION_LIMITS[kind] - (await countProfileEntries(trx, user.id, kind));
        // Past a section's limit the rest of that kind is left out, as the add form would refuse it.
        if (room[kind]! <= 0) continue;
        await insertProfileEntry(trx, user.id, kind, fields, now + count);
        room[kind]! -= 1;
        count += 1;
      }
    });
    await extensions.profileChanged(app.db, user.id, now);
    return reply.header('cache-control', PRIVATE).redirect(`${SEEKER_PATHS.about}?section=saved#section-${chosen[0]!.kind}`, 303);
  });
}
