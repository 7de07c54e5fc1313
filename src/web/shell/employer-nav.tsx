import { COMPANY_ROLE_LABELS, COMPANY_PATHS } from '../../shared/companies/constants';
import { currentEmployerNavItem, EMPLOYER_NAV, type EmployerWorkspace } from '../../shared/companies/employer-nav';
import { useCurrentTabInView } from '../ui/use-current-tab-in-view';

/**
 * The employer's workspace navigation under the header, on every page of an employer-side session
 * (decision 0259). Before the company exists, the one step is creating it. On a phone the links are one
 * row that scrolls sideways.
 */
export function EmployerNav({ workspace }: { workspace: EmployerWorkspace }) {
  const current = currentEmployerNavItem(workspace.path);
  const list = useCurrentTabInView<HTMLUListElement>();
  return (
    <div className="workspace-bar">
      <div className="workspace-inner">
        <p className="workspace-company">
          <span className="workspace-company-name">{workspace.companyName ?? 'Your company'}</span>
          {workspace.role ? <span className="workspace-role">&nbsp;· {COMPANY_ROLE_LABELS[workspace.role]}</span> : null}
        </p>
        <nav className="workspace-nav" aria-label="Employer">
          <ul ref={list}>
            {workspace.companyName ? (
              EMPLOYER_NAV.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={item === current ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))
            ) : (
              <li>
                <a href={COMPANY_PATHS.create} aria-current={workspace.path === COMPANY_PATHS.create ? 'page' : undefined}>
                  Create your company
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </div>
  );
}
