import { z } from 'zod';
import { COMPANY_PROFILE_FIELDS, CompanyProfileSchema, type CompanyProfile } from '../../../shared/companies/contracts';
import type { CompanyFormErrors, CompanyFormValues } from '../../../shared/companies/page-props';
import type { CompanyRow } from './companies.table';

const TYPED_LIMIT = 6000;

/** What was typed, as text (cut at a generous length), so a refused form shows it again. */
export function typedCompanyValues(body: unknown): CompanyFormValues {
  const raw = z.record(z.string(), z.unknown()).catch({}).parse(body ?? {});
  const text = (name: string) => (typeof raw[name] === 'string' ? String(raw[name]).slice(0, TYPED_LIMIT) : '');
  return { name: text('name'), website: text('website'), size_band: text('size_band'), industry: text('industry'), description: text('description') };
}

export type CompanyFormResult = { ok: true; profile: CompanyProfile } | { ok: false; values: CompanyFormValues; errors: CompanyFormErrors };

/** The form checked field by field: each refused field gets its own message. */
export function readCompanyForm(body: unknown): CompanyFormResult {
  const values = typedCompanyValues(body);
  const parsed = CompanyProfileSchema.safeParse(values);
  if (parsed.success) return { ok: true, profile: parsed.data };
  const errors: CompanyFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (COMPANY_PROFILE_FIELDS as readonly string[]).includes(field)) {
      const key = field as keyof CompanyFormValues;
      errors[key] ??= issue.message;
    }
  }
  return { ok: false, values, errors };
}

export function companyFormValues(company: CompanyRow): CompanyFormValues {
  return {
    name: company.name,
    website: company.website ?? '',
    size_band: company.size_band ?? '',
    industry: company.industry ?? '',
    description: company.description,
  };
}

export const EMPTY_COMPANY_FORM: CompanyFormValues = { name: '', website: '', size_band: '', industry: '', description: '' };
