// The companies feature's paths. No imports: the shell, in every page's first script, uses these.

export const COMPANY_PATHS = {
  employerLogin: '/authn/employer/login',
  /** Where employers land after signing in: the dashboard with a company, else the create step. */
  employerHome: '/employer',
  /** After sign-in, an employer without a company comes here. */
  create: '/employer/company/new',
  /** The company's profile form. */
  settings: '/employer/company',
  logoUpload: '/employer/company/logo',
  team: '/employer/team',
  invite: '/employer/team/invite',
  /** + /{token}: the emailed link. */
  invitation: '/employer/invitation',
  /** + /{slug}: the public page. */
  publicPage: '/company',
  /** + /{id}: the logo file. */
  logo: '/company-logo',
  plans: '/plans',
  contactSales: '/contact',
  /** Where a signed-in employer with a company lands (emp2 builds its content). */
  dashboard: '/dashboard',
  /** POST side=employer|seeker: a signed-in person moves to the other side without a new code. */
  switchSide: '/authn/side',
} as const;
