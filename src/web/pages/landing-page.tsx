import type { MouseEvent } from 'react';
import { EXTERNAL_URLS, REGISTER_HREF } from '../../shared/navigation';
import { logEvent } from '../features/analytics/event-logger';
import { ClosedJobAlert } from '../shell/closed-job-alert';
import { useHydrated } from '../shell/use-hydrated';
import './landing-page.css';

export interface LandingPageProps {
  showClosedJobAlert: boolean;
}

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

/** The search bar exists only once the page is interactive (spec 2.5); its slot keeps its height so nothing jumps. */
function SearchBar() {
  const hydrated = useHydrated();
  return (
    <section className="search-slot" aria-label="Search jobs">
      {hydrated && (
        <form className="search-form" role="search" method="get" action="/jobs-search" onSubmit={() => logEvent('landing_search', { component: 'search form', action: 'search' })}>
          <div className="search-field">
            <label htmlFor="search-title">Job title</label>
            <input id="search-title" name="search" type="text" autoComplete="off" placeholder="e.g. Forklift operator" />
          </div>
          <div className="search-field">
            <label htmlFor="search-location">Location</label>
            <input id="search-location" name="location" type="text" autoComplete="address-level2" placeholder="City, state or ZIP code" />
          </div>
          <button type="submit" className="button button-primary search-submit">
            Search Jobs
          </button>
        </form>
      )}
    </section>
  );
}

export default function LandingPage({ props }: { props: LandingPageProps }) {
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
          <div id="sso-button-slot" />
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
