// No runtime imports here: this module ships in every page's first script.
export const AUDIENCES = ['general', 'logged-out', 'employers'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** What every page's shell (header, footer, banner) needs to know, decided by the server per request. */
export interface ShellData {
  audience: Audience;
  /** The signed-in job seeker, or null for a visitor. */
  user: { email: string } | null;
  year: number;
  ratingClaimDate: string;
  accessibilityEmail: string;
  showLogoCredit: boolean;
  /** Minimal footer: legal line only (used on focused pages such as sign-in). */
  minimalFooter: boolean;
  /** Page type set by the server; it takes precedence over the path's page-view label. */
  pageType: string | null;
  /** Where the event logger posts (config EVENT_LOG_PATH); absent means the default /events/log. */
  eventLogPath?: string;
}

/** The JSON the server embeds in each page for hydration. */
export interface PageData<Props = unknown> {
  page: string;
  props: Props;
  shell: ShellData;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';
export const ROOT_ELEMENT_ID = 'root';
export const MAIN_CONTENT_ID = 'main-content';
