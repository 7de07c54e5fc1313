// The boundaries of eslint.config.js bite: a forbidden import between features fails lint (decisions 0096, 0145).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;
let serverFeatureLayers: string[][];

/** The no-restricted-paths messages lint gives a file at `file` (it need not exist) holding `code`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, { filePath: path.join(root, file) });
  if (!result) throw new Error('lint gave no result');
  return result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  const config = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as { SERVER_FEATURE_LAYERS: string[][] };
  serverFeatureLayers = config.SERVER_FEATURE_LAYERS;
});

describe('server feature layers', () => {
  it('places every server feature in a layer, once', () => {
    const placed = serverFeatureLayers.flat();
    expect(new Set(placed).size).toBe(placed.length);
    const features = readdirSync(path.join(root, 'src/server/features'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(features.map((entry) => entry.name).filter((name) => !placed.includes(name))).toEqual([]);
  });

  it.each([
    ['a lower domain feature importing a higher one', 'src/server/features/jobs/probe.ts', "import { jobStates } from '../seeker/seeker.repository';", 'jobs must not import'],
    ['infrastructure importing the domain', 'src/server/features/sessions/probe.ts', "import { findMembership } from '../companies/company.service';", 'sessions must not import'],
    ['two features of one layer', 'src/server/features/spotlight/probe.ts', "import { checkSignInEmail } from '../registration/sign-in.service';", 'spotlight must not import'],
    ['a type-only import', 'src/server/features/accounts/probe.ts', "import type { CodeDetails } from '../registration/sign-in.service';", 'accounts must not import'],
    ['a feature importing the top layer', 'src/server/features/seeker/probe.ts', "import type { ApplicationNotesTable } from '../applicants/applicants.table';", 'seeker must not import'],
  ])('refuses %s', async (_name, file, code, expected) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  it.each([
    ['a higher feature importing lower ones', 'src/server/features/seeker/probe.ts', "import { jobPath } from '../jobs/slugs';\nimport { findAccountById } from '../accounts/account-repository';\nimport type { MailMessage } from '../mail/mailer';"],
    ['the top layer importing the domain', 'src/server/features/applicants/probe.ts', "import { hasSpotlight } from '../spotlight/spotlight.service';\nimport { profileSummary } from '../seeker/profile-summary';\nimport { findCompanyById } from '../companies/company.service';\nimport { listQuestions } from '../employer-jobs/job-posting';"],
    ['a feature whose folder does not exist yet', 'src/server/features/resume-database/probe.ts', "import { profileSummary } from '../seeker/profile-summary';\nimport { companyPlan } from '../companies/company.service';"],
    ['a feature of the top layer with no folder yet', 'src/server/features/applicant-mail/probe.ts', "import type { MailMessage } from '../mail/mailer';\nimport { jobPath } from '../jobs/slugs';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('web feature order', () => {
  it('refuses a lower web feature importing a higher one', async () => {
    const errors = await boundaryErrors('src/web/features/analytics/probe.ts', "import { SaveJobButton } from '../seeker/save-job-button';");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('analytics must not import');
  });
});

describe('tools and migrations (decision 0253)', () => {
  it.each([
    ['a feature importing the seed', 'src/server/features/jobs/probe.ts', "import { seedJobs } from '../../../../tools/seed/jobs';", 'The product imports nothing from tools/'],
    ['a feature test importing the seed', 'src/server/features/jobs/probe.test.ts', "import { createSeedSource } from '../../../../tools/seed/jobs';", 'The product imports nothing from tools/'],
    ['the server beside main.ts importing the seed', 'src/server/app.ts', "import { prepareDemoData } from '../../tools/seed/start-up';", 'The product imports nothing from tools/'],
    ['web code importing the seed', 'src/web/features/jobs/probe.ts', "import type { SeedResult } from '../../../../tools/seed/jobs';", 'The product imports nothing from tools/'],
    ['a migration importing feature code', 'src/server/db/migrations/9999-probe.ts', "import { ensureSearchRanges } from '../../features/jobs/search-ranges';", 'Migrations import no feature code'],
    ['a migration importing a feature type', 'src/server/db/migrations/9999-probe.ts', "import type { JobTable } from '../../features/jobs/jobs.table';", 'Migrations import no feature code'],
  ])('refuses %s', async (_name, file, code, expected) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  it.each([
    ['src/server/main.ts importing the seed', 'src/server/main.ts', "import { prepareDemoData } from '../../tools/seed/start-up';"],
    ['a migration importing another migration', 'src/server/db/migrations/9999-probe.ts', "import { isPostgres } from './dialect';\nimport { POSTGRES_TOKENS } from './0036-search-tokens';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
