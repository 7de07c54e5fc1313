// The employer pages' frame: the company and the member's role. Types only.
import type { CompanyRole } from './constants';

export interface EmployerFrame {
  companyName: string | null;
  role: CompanyRole | null;
  /** Where "Dashboard" goes: /dashboard once it exists, else the company page. */
  dashboardHref: string | null;
}
