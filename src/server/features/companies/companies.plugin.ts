import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApplicantEmailsSettings } from '../../../shared/applicant-mail/settings';
import type { Db } from '../../db/database';
import { extensionPoint } from '../../lib/extension-point';
import { installEmployerGuard } from './employer-guard';

/**
 * What features above companies add to its pages (decision 0314): each fills its part from its own
 * plugin, since companies may not import them (decision 0145).
 */
export interface CompanyExtensions {
  /** The profile page's "Emails to applicants" card: the applicant-mail feature. */
  applicantEmailsSettings(db: Db, company: { id: string; name: string }, canEdit: boolean): Promise<ApplicantEmailsSettings>;
  /** Profiles the company opened this calendar month, for the plan page: the résumé database. */
  resumeViewsThisMonth(db: Db, companyId: string, now: number): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Called by a higher feature's plugin while it registers. */
    extendCompanies(parts: Partial<CompanyExtensions>): void;
    /** Read by the companies routes at request time. */
    companyExtensions: CompanyExtensions;
  }
}

/** The employer half of the route guard, and the companies pages' extension point. */
async function companiesPlugin(app: FastifyInstance) {
  installEmployerGuard(app);
  const point = extensionPoint<CompanyExtensions>('companies', ['applicantEmailsSettings', 'resumeViewsThisMonth']);
  app.decorate('extendCompanies', (parts: Partial<CompanyExtensions>) => point.fill(parts));
  app.decorate('companyExtensions', point.parts);
  app.addHook('onReady', async () => point.check());
}

export default fp(companiesPlugin, { name: 'companies', dependencies: ['config', 'sessions'] });
