// Companies, members and invitations: paths, choices, messages. No imports: page chunks use these.

// The paths live in a module of their own, which the shell (in every page's first script) imports.
export { COMPANY_PATHS } from './paths';

export const COMPANY_ROLES = ['owner', 'recruiter'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = { owner: 'Owner', recruiter: 'Recruiter' };

/** Spec 1: small and medium businesses are 1 to 5,000 employees; enterprise is 5,000+. */
export const SIZE_BANDS = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5000+'] as const;
export type SizeBand = (typeof SIZE_BANDS)[number];
export const SIZE_BAND_LABELS: Record<SizeBand, string> = {
  '1-10': '1 to 10 employees',
  '11-50': '11 to 50 employees',
  '51-200': '51 to 200 employees',
  '201-500': '201 to 500 employees',
  '501-1000': '501 to 1,000 employees',
  '1001-5000': '1,001 to 5,000 employees',
  '5000+': '5,000+ employees',
};

export const INDUSTRIES = [
  'Accommodation and Food Services',
  'Administrative and Support Services',
  'Agriculture',
  'Arts and Entertainment',
  'Construction',
  'Education',
  'Finance and Insurance',
  'Government',
  'Healthcare and Social Assistance',
  'Information Technology',
  'Manufacturing',
  'Nonprofit',
  'Professional Services',
  'Real Estate',
  'Retail',
  'Transportation and Warehousing',
  'Utilities',
  'Wholesale Trade',
  'Other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const COMPANY_LIMITS = {
  nameMax: 100,
  websiteMax: 200,
  descriptionMax: 5000,
  logoMaxBytes: 1024 * 1024,
  /** Invitations are good for 7 days (issue 11). */
  invitationDays: 7,
  /** Open invitations a company may have at once. */
  openInvitationsMax: 50,
} as const;

export const COMPANY_MESSAGES = {
  nameRequired: 'Enter your company’s name.',
  nameTooLong: 'The company name can be at most 100 characters.',
  websiteInvalid: 'Enter the full address of your website, starting with https:// or http://.',
  websiteTooLong: 'The website address can be at most 200 characters.',
  sizeBandRequired: 'Choose how many people work at your company.',
  industryRequired: 'Choose your industry.',
  descriptionTooLong: 'The description can be at most 5,000 characters.',
  logoTooLarge: 'The logo must be 1 MB or smaller.',
  logoWrongType: 'Upload the logo as a PNG, JPEG or WebP image.',
  logoMissing: 'Choose an image to upload.',
  alreadyHasCompany: 'You already belong to a company on Jobwise.',
  signInRequired: 'Please log in as an employer to continue.',
  companyRequired: 'Create your company profile first.',
  notFound: 'Not found.',
  inviteEmailInvalid: 'Enter your colleague’s email address, like name@company.com.',
  inviteAlreadyMember: 'This person is already on your team.',
  inviteTooMany: 'You have 50 open invitations. Wait for some to be accepted before inviting more.',
  invitationInvalid: 'This invitation link is not valid. Ask your colleague to send a new one.',
  invitationExpired: 'This invitation has expired. Ask your colleague to send a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationOtherEmail: 'This invitation was sent to another email address. Log in with the address it was sent to.',
  invitationOtherCompany: 'You already belong to another company on Jobwise, so you can’t join this one.',
  ownerOnly: 'Only the company’s owner can do this.',
  cannotRemoveOwner: 'The owner can’t be removed.',
  planUnknown: 'Choose one of the plans.',
} as const;
