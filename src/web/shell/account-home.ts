import type { ShellData } from '../../shared/page-data';

/** Where "My Account" leads first: Suggested Jobs for a job seeker, the employer's pages on the employer side (decision 0100). */
export function accountHome(user: NonNullable<ShellData['user']>): { href: string; label: string } {
  return user.side === 'employer' ? { href: '/employer', label: 'Employer home' } : { href: '/jobseeker/home', label: 'Suggested Jobs' };
}
