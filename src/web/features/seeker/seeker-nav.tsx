import { MESSAGES_PATHS } from '../../../shared/messages/constants';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { ONBOARDING_PATHS } from '../../../shared/seeker/onboarding';
import { SPOTLIGHT_PATHS } from '../../../shared/spotlight/constants';
import { useCurrentTabInView } from '../../ui/use-current-tab-in-view';

const LINKS = [
  { href: SEEKER_PATHS.home, label: 'Suggested Jobs' },
  { href: SEEKER_PATHS.myJobs, label: 'My jobs' },
  { href: MESSAGES_PATHS.list, label: 'Messages' },
  { href: SEEKER_PATHS.savedJobs, label: 'Saved jobs' },
  { href: SEEKER_PATHS.alerts, label: 'Job alerts' },
  // The profile page (name, headline, place, résumé, spotlight); its Edit link leads to the about form.
  { href: SPOTLIGHT_PATHS.profile, label: 'Profile' },
  { href: SEEKER_PATHS.resume, label: 'Résumé' },
  { href: ONBOARDING_PATHS.settings, label: 'Settings' },
];

/** The job seeker's own pages. */
export function SeekerNav({ current }: { current: string }) {
  const list = useCurrentTabInView<HTMLUListElement>();
  return (
    <nav className="seeker-nav" aria-label="Your account">
      <ul ref={list}>
        {LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={link.href === current || (link.href === SPOTLIGHT_PATHS.profile && current === SEEKER_PATHS.about) ? 'page' : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
