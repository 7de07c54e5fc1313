// Props of the pages that host the registration forms in the FORM container. No imports.
export interface RegistrationPageProps {
  variant: 'jobseekerLoginPage' | 'landingPage';
  source: 'jobseeker_login_page' | 'jobseeker_register_page';
  componentId: string;
  /** Where the flow ends: `next` when it is our own path, else /jobseeker/home. */
  redirectUrl: string;
  realm: string | null;
}
