// Spec 2.1 and 7: the registration flow's addresses, once for the routes and the client. No imports.

export const REGISTRATION_PATHS = {
  location: '/jobseeker/register/location',
  register: '/jobseeker/register',
  otpValidation: '/jobseeker/register/otp_validation',
  emailResubscribe: '/jobseeker/register/email_resubscribe',
  candidateSpotlight: '/jobseeker/register/candidate_spotlight',
  resubscribeEligibility: '/jobseeker/register/resubscribe_eligibility',
  emailValidationExperiment: '/jobseeker/register/email_validation_experiment',
  emailValidation: '/jobseeker/register/email_validation',
  errorReport: '/jobseeker/register/error_report',
  smsOptIn: '/candidate/smsoptin',
  saveJob: '/candidate/toggle_job_save',
} as const;
