import { APPLICANTS_PATHS } from '../../../shared/applicants/page-props';
import { APPLICANT_MAIL_PATHS } from '../../../shared/applicant-mail/settings';
import { COMPANY_PATHS } from '../../../shared/companies/constants';
import type { EmployerFrame } from '../../../shared/companies/page-props';
import { MESSAGES_PATHS } from '../../../shared/messages/constants';
import { NOTIFICATION_PATHS } from '../../../shared/notifications/notifications';

/** The employer's own pages, and the way back to job searching (same person: decision 0100). */
export function EmployerNav({ frame, current }: { frame: EmployerFrame; current: string }) {
  const links = frame.companyName
    ? [
        ...(frame.dashboardHref ? [{ href: frame.dashboardHref, label: 'Dashboard' }] : []),
        { href: APPLICANTS_PATHS.inbox, label: 'Candidates' },
        { href: MESSAGES_PATHS.list, label: 'Messages' },
        { href: COMPANY_PATHS.settings, label: 'Company profile' },
        { href: COMPANY_PATHS.team, label: 'Team' },
        { href: COMPANY_PATHS.plans, label: 'Plans' },
        { href: NOTIFICATION_PATHS.employer, label: 'Notifications' },
        { href: APPLICANT_MAIL_PATHS.account, label: 'Email settings' },
      ]
    : [];
  return (
    <div className="employer-bar">
      {frame.companyName ? (
        <p className="employer-bar__company">
          {frame.companyName}
          {frame.role ? <span className="employer-bar__role"> · {frame.role === 'owner' ? 'Owner' : 'Recruiter'}</span> : null}
        </p>
      ) : null}
      {links.length ? (
        <nav className="employer-nav" aria-label="Employer">
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={link.href === current ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <form method="post" action={COMPANY_PATHS.switchSide} className="employer-bar__switch">
        <input type="hidden" name="side" value="seeker" />
        <button type="submit" className="employer-link-button">
          Switch to job searching
        </button>
      </form>
    </div>
  );
}
