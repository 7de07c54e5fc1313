// Adding, editing and removing profile section entries (decision 0236). Plain form posts that work
// without JavaScript (a redirect back to the section, or the page again with each field's message),
// and JSON for our fetch client. Nothing is stored on bad input.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { PROFILE_SECTION_SCHEMAS } from '../../../shared/seeker/profile-sections-contract';
import { PROFILE_SECTION_LIMITS, PROFILE_SECTION_MESSAGES, type ProfileSectionKind, type SectionFormState } from '../../../shared/seeker/profile-sections';
import { sendNotFound } from '../../shared/refusals';
import { formFields, noBody, type RoutesApp } from '../../shared/route-contracts';
import { signedInUser, wantsJson } from '../sessions/route-guard';
import { isProfileSectionKind, profileSections } from './profile-sections';
import { countProfileEntries, deleteProfileEntry, findProfileEntry, insertProfileEntry, updateProfileEntry } from './profile-sections.repository';

const PRIVATE = 'private, no-store';
const KindParamsSchema = z.object({ kind: z.string().max(20) });
const EntryParamsSchema = z.object({ kind: z.string().max(20), id: z.string().min(1).max(100) });

export interface ProfileSectionsRoutesOptions {
  /** The about page again, with this section form's values and messages (seeker.routes.ts draws it). */
  renderAbout(request: FastifyRequest, reply: FastifyReply, form: SectionFormState, status: number): Promise<FastifyReply>;
}

export const sectionAnchor = (kind: ProfileSectionKind) => `section-${kind}`;

export default async function profileSectionsRoutes(app: RoutesApp, { renderAbout }: ProfileSectionsRoutesOptions) {
  // The résumé database listens (decision 0314): a saved or removed entry is searchable at once.
  const { seekerExtensions: extensions } = app;
  const config = { requireRole: 'seeker', signInNext: () => SEEKER_PATHS.about } as const;
  const notFound = (reply: FastifyReply) => sendNotFound(reply, { message: PROFILE_SECTION_MESSAGES.notFound, cacheControl: PRIVATE });
  const back = (request: FastifyRequest, reply: FastifyReply, kind: ProfileSectionKind, notice: 'saved' | 'removed', id?: string) => {
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: notice === 'saved' ? 'SAVED' : 'REMOVED', ...(id ? { id } : {}) });
    return reply.redirect(`${SEEKER_PATHS.about}?section=${notice}#${sectionAnchor(kind)}`, 303);
  };
  /** A refusal with each field's message: 400 JSON, or the page with the form as typed. */
  const refuse = (request: FastifyRequest, reply: FastifyReply, form: SectionFormState, status: number, code: string) => {
    if (wantsJson(request)) {
      return reply.status(status).header('cache-control', PRIVATE).send({ status: code, error_message: Object.values(form.errors)[0] ?? 'Check this entry.', errors: form.errors });
    }
    return renderAbout(request, reply, form, status);
  };
  const typed = (body: unknown): Record<string, string> => {
    const raw = z.record(z.string(), z.unknown()).catch({}).parse(body ?? {});
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(raw).slice(0, 20)) {
      const text = Array.isArray(value) ? value[value.length - 1] : value;
      if (typeof text === 'string') values[key.slice(0, 40)] = text.slice(0, 600);
    }
    return values;
  };

  /** Checks the body against the kind's schema and the person's other entries (a skill or link kind once). */
  async function validate(accountId: string, kind: ProfileSectionKind, body: unknown, id: string | null) {
    const parsed = PROFILE_SECTION_SCHEMAS[kind].safeParse(body ?? {});
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        errors[field] ??= issue.message;
      }
      return { ok: false as const, errors };
    }
    const sections = await profileSections(app.db, accountId);
    const data = parsed.data as Record<string, unknown>;
    if (kind === 'skills' && sections.skills.some((entry) => entry.id !== id && entry.name.toLowerCase() === String(data.name).toLowerCase())) {
      return { ok: false as const, errors: { name: PROFILE_SECTION_MESSAGES.duplicateSkill } };
    }
    if (kind === 'links' && sections.links.some((entry) => entry.id !== id && entry.kind === data.kind)) {
      return { ok: false as const, errors: { kind: PROFILE_SECTION_MESSAGES.duplicateLink } };
    }
    return { ok: true as const, data: parsed.data };
  }

  // A section's fields depend on its kind: PROFILE_SECTION_SCHEMAS[kind] gives each field's message.
  app.post(`${SEEKER_PATHS.about}/sections/:kind`, { config, schema: { params: KindParamsSchema, body: formFields } }, async (request, reply) => {
    const { kind } = request.params;
    if (!isProfileSectionKind(kind)) return notFound(reply);
    const user = signedInUser(request);
    if ((await countProfileEntries(app.db, user.id, kind)) >= PROFILE_SECTION_LIMITS[kind]) {
      return refuse(request, reply, { kind, id: null, values: typed(request.body), errors: { form: PROFILE_SECTION_MESSAGES.limit(kind) } }, 409, 'SECTION_LIMIT');
    }
    const checked = await validate(user.id, kind, request.body, null);
    if (!checked.ok) return refuse(request, reply, { kind, id: null, values: typed(request.body), errors: checked.errors }, 400, 'PROTO_VALIDATION_ERROR');
    const now = app.now();
    const id = await insertProfileEntry(app.db, user.id, kind, checked.data, now);
    await extensions.profileChanged(app.db, user.id, now);
    return back(request, reply, kind, 'saved', id);
  });

  app.post(`${SEEKER_PATHS.about}/sections/:kind/:id`, { config, schema: { params: EntryParamsSchema, body: formFields } }, async (request, reply) => {
    const { kind, id } = request.params;
    if (!isProfileSectionKind(kind)) return notFound(reply);
    const user = signedInUser(request);
    const entry = await findProfileEntry(app.db, user.id, kind, id);
    if (!entry) return notFound(reply);
    const checked = await validate(user.id, kind, request.body, id);
    if (!checked.ok) return refuse(request, reply, { kind, id, values: typed(request.body), errors: checked.errors }, 400, 'PROTO_VALIDATION_ERROR');
    const now = app.now();
    if (!(await updateProfileEntry(app.db, user.id, kind, id, checked.data, now))) return notFound(reply);
    await extensions.profileChanged(app.db, user.id, now);
    return back(request, reply, kind, 'saved', id);
  });

  app.post(`${SEEKER_PATHS.about}/sections/:kind/:id/delete`, { config, schema: { params: EntryParamsSchema, body: noBody } }, async (request, reply) => {
    const { kind, id } = request.params;
    if (!isProfileSectionKind(kind)) return notFound(reply);
    const user = signedInUser(request);
    if (!(await deleteProfileEntry(app.db, user.id, kind, id))) return notFound(reply);
    await extensions.profileChanged(app.db, user.id, app.now());
    return back(request, reply, kind, 'removed');
  });
}
