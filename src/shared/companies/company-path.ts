import { COMPANY_PATHS } from './constants';

/** The public page of a company: /company/{slug}. */
export function companyPath(company: { slug: string }): string {
  return `${COMPANY_PATHS.publicPage}/${encodeURIComponent(company.slug)}`;
}
