import { useEffect, useLayoutEffect, useState, type ComponentType, type MouseEvent } from 'react';
import { EXTERNAL_URLS, REGISTER_HREF } from '../../shared/navigation';
import type { LandingPageProps } from '../../shared/page-props';
import { observeLanding, startLandingObservations } from '../features/analytics/landing-observations';
import { ClosedJobAlert } from '../shell/closed-job-alert';
import { useHydrated } from '../shell/use-hydrated';
import { useShell } from '../shell/shell-context';
import './landing-page.css';


// Sample quotes written by the team, not collected from users: replace them with real, consented
// reviews before launch (see docs/decisions/0012-landing-reviews.md).
const REVIEWS = [
  { quote: 'Signing up took a minute and the job matches were close to what I asked for.', by: 'Job seeker, warehouse roles' },
  { quote: 'No password to forget: I type my email, get a code, and I am in.', by: 'Job seeker, retail' },
  { quote: 'Clear listings and a search that works well on my phone.', by: 'Job seeker, healthcare support' },
];

function openGetStarted(event: MouseEvent<HTMLAnchorElement>) {
  // A modified click opens the registration page in a new tab as a plain link would.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  observeLanding('get_started_cta', 'CLICK');
  const button = event.currentTarget;
  void import('../features/registration/open-registration').then((m) =>
    m.openRegistration({ copyVariant: 'landingPage', source: 'landing', componentId: 'get-started-cta', container: 'MODAL', opener: button }),
  );
}

function External({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The search bar exists only once the page is interactive (spec 2.5); its slot keeps its height so
 * nothing jumps. Its fields' suggestions and recent searches (decision 0234) are a chunk of their own,
 * fetched then, so the landing page's first load stays within its budget.
 */
function SearchBar() {
  const hydrated = useHydrated();
  const [Form, setForm] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    let cancelled = false;
    void import('../features/job-pages/landing-search-form').then((m) => {
      if (!cancelled) setForm(() => m.LandingSearchForm);
    });
    return () => {
      cancelled = true;
    };
  }, [hydrated]);
  useEffect(() => {
    if (Form) observeLanding('search_form', 'DISPLAY');
  }, [Form]);
  return (
    <section className="search-slot" aria-label="Search jobs">
      {Form ? <Form /> : null}
    </section>
  );
}

/** Google sign-in, when this host has a client id: its glue is fetched with import() after hydration. */
function useGoogleSignIn(): string | null {
  const { googleSignIn } = useShell();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!googleSignIn) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../features/registration/landing-google-sign-in').then((m) => {
      if (!cancelled) stop = m.startLandingGoogleSignIn(googleSignIn, { onError: setError });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [googleSignIn]);
  return error;
}

/**
 * The landing page's component observations start once it is interactive; the onboarding panel is shown
 * then. A layout effect, so they are started before the children's effects report anything.
 */
function useLandingObservations() {
  useLayoutEffect(() => {
    const stop = startLandingObservations();
    observeLanding('onboarding_form', 'DISPLAY');
    return stop;
  }, []);
}

export default function LandingPage({ props }: { props: LandingPageProps }) {
  const { googleSignIn } = useShell();
  useLandingObservations();
  const ssoError = useGoogleSignIn();
  return (
    <div className="landing">
      <ClosedJobAlert show={props.showClosedJobAlert} />
      <section className="onboarding" aria-labelledby="onboarding-title">
        <p className="eyebrow">Your career advisor</p>
        <h1 id="onboarding-title">Sign up or log in to get job matches made for you</h1>
        <p className="onboarding-text">
          Tell us your email and we will send you a one-time code: no password to remember. Then we match you with jobs near you and let
          you know when new ones come in.
        </p>
        <div className="onboarding-actions">
          <div id="sso-button-slot" className={googleSignIn ? 'sso-slot-google' : undefined} />
          {ssoError ? (
            <p className="sso-error" role="alert">
              {ssoError}
            </p>
          ) : null}
          <a className="button button-primary button-large" href={REGISTER_HREF} onClick={openGetStarted}>
            Get Started
          </a>
        </div>
        <p className="terms">
          By clicking Get Started, you agree to the Jobwise <External href={EXTERNAL_URLS.terms}>Global Terms of Use</External> and{' '}
          <External href={EXTERNAL_URLS.privacy}>Privacy Policy</External>, and you agree to receive email job alerts. If you sign up
          for text messages, our <External href={EXTERNAL_URLS.smsTerms}>SMS Terms</External> apply.
        </p>
      </section>
      {googleSignIn ? <div id="google-yolo-prompt" className="google-yolo-prompt" /> : null}
      <SearchBar />
      <section className="reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">What job seekers say</h2>
        <ul className="review-list">
          {REVIEWS.map((review) => (
            <li key={review.quote} className="review">
              <span className="stars" role="img" aria-label="5 out of 5 stars">
                ★★★★★
              </span>
              <blockquote>
                <p>{review.quote}</p>
              </blockquote>
              <p className="review-by">{review.by}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
