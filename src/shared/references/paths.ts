// The references pages' addresses (spec 2.1; decision 0235). No imports: any page chunk may use them.
export const REFERENCE_PATHS = {
  /** The seeker's page: ask, see, show to employers, remove. */
  references: '/candidate/references',
  /** The emailed link: /submit-reference/{token}. */
  submit: '/submit-reference',
  /** The reference giver's own job alert: /reference-giver/create-alert/{token}. */
  giverAlert: '/reference-giver/create-alert',
} as const;
