import type { EmployerWorkspace } from '../../shared/companies/employer-nav';
import { useCurrentTabInView } from '../ui/use-current-tab-in-view';

/**
 * The employer's workspace navigation under the header, on every page of an employer-side session
 * (decision 0259); the server hands over the links with the current one marked. On a phone the links are
 * one row that scrolls sideways, the current one brought into view.
 */
export function EmployerNav({ workspace }: { workspace: EmployerWorkspace }) {
  const list = useCurrentTabInView<HTMLUListElement>();
  return (
    <div className="workspace-bar">
      <div className="workspace-inner">
        <p className="workspace-company">
          <span className="workspace-company-name">{workspace.companyName ?? 'Your company'}</span>
          {workspace.roleLabel ? <span className="workspace-role">&nbsp;· {workspace.roleLabel}</span> : null}
        </p>
        <nav className="workspace-nav" aria-label="Employer">
          <ul ref={list}>
            {workspace.links.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={link.current ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
