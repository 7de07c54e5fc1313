import { ADMIN_LINKS } from '../../shared/accounts/admin-links';
import { COMPANY_PATHS } from '../../shared/companies/paths';
import type { ShellData } from '../../shared/page-data';
import { accountHome } from './account-home';
import { LogoutForm } from './logout-form';

/** Move a signed-in person to the other side without a new code: a plain form post (decision 0100). */
export function SwitchSideForm({ side, className }: { side: 'seeker' | 'employer'; className: string }) {
  return (
    <form method="post" action={COMPANY_PATHS.switchSide}>
      <input type="hidden" name="side" value={side} />
      <button type="submit" className={className}>
        {side === 'seeker' ? 'Switch to job searching' : 'Switch to hiring'}
      </button>
    </form>
  );
}

/**
 * My Account's items, in the header's menu and the phone's: the side's home, an admin's pages (decision
 * 0298), the switch to the other side (both ways: decision 0259), Log out. An employer's workspace links are in its own navigation.
 */
export function AccountLinks({ shell, linkClassName }: { shell: ShellData; linkClassName: string }) {
  const user = shell.user;
  if (!user) return null;
  const home = accountHome(user);
  const switchTo = user.side === 'employer' ? 'seeker' : shell.canSwitchToEmployer ? 'employer' : null;
  return (
    <>
      <li>
        <a className={`${linkClassName} is-bold`} href={home.href}>
          {home.label}
        </a>
      </li>
      {shell.isAdmin
        ? ADMIN_LINKS.map((link) => (
            <li key={link.href}>
              <a className={linkClassName} href={link.href}>
                {link.label}
              </a>
            </li>
          ))
        : null}
      {switchTo ? (
        <li>
          <SwitchSideForm side={switchTo} className={linkClassName} />
        </li>
      ) : null}
      <li>
        <LogoutForm buttonClassName={linkClassName} />
      </li>
    </>
  );
}
