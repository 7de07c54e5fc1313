// Types only: the contract between the jobs routes and their page components.
import type { RadiusMiles } from './enums';
import type { SearchCriteria } from './search-url';

/** A job as a results list shows it; every text is formatted on the server. */
export interface JobCard {
  id: string;
  /** Names the job to the save and apply calls. */
  listingKey: string;
  path: string;
  title: string;
  company: string;
  place: string;
  /** "4.2 miles away", or null without a place to measure from. */
  distance: string | null;
  pay: string;
  employmentType: string;
  posted: string;
  snippet: string;
  remote: boolean;
  /** A job of a plan with featured jobs: marked on the card. */
  featured: boolean;
}

export interface LocationNotice {
  /** What the person typed, as we read it. */
  text: string;
  suggestions: Array<{ label: string; href: string }>;
}

export interface SearchResultsProps {
  criteria: SearchCriteria;
  /** "Austin, TX", "Texas", "Remote", or null when searching everywhere. */
  placeLabel: string | null;
  /** True when the place has coordinates, so radius and distance sort apply. */
  placeHasRadius: boolean;
  unknownLocation: LocationNotice | null;
  total: number;
  totalText: string;
  pageCount: number;
  jobs: JobCard[];
  /** A short line naming what was searched: title, radius in miles and location. */
  summary: string;
  /** Ids of the listed jobs the signed-in person saved (empty for a visitor). */
  savedJobIds: string[];
  /** Ids of the listed jobs the signed-in person applied to: marked "Applied" (empty for a visitor). */
  appliedJobIds: string[];
  /** After "Get alerts for this search": what happened, from the redirect's `alert` parameter. */
  alertNotice?: { text: string; isError: boolean } | null;
  /** The job `?job=<listing key>` selects for the detail pane, when it is open. */
  selected?: JobPageProps | null;
  /** With nothing selected, the first result's detail: the wide screen's pane shows it from the first paint. */
  firstDetail?: JobPageProps | null;
  /** The words were corrected (decision 0261): "Showing results for nurse. Search instead for nurce." */
  correction?: { searchedFor: string; typed: string; typedHref: string } | null;
  /** A place read from the words of the "What" box ("nurse houston"), and the search of the words as typed. */
  placeFromWords?: { words: string; placeLabel: string; typedHref: string } | null;
  /** With no results, the ways on, each with the number of jobs it finds (decision 0262). */
  offers?: ResultsOffer[];
}

/** A way on from a search with no results: "12 jobs within 50 miles". */
export interface ResultsOffer {
  kind: 'without-filter' | 'wider-radius' | 'related-title' | 'alert';
  label: string;
  href: string;
  /** "12 jobs"; empty for the alert. */
  countText: string;
}

export interface JobPageProps {
  id: string;
  path: string;
  title: string;
  company: string;
  /** The company's public page (/company/{slug}). */
  companyHref?: string | null;
  /** The company's response figures, "Responds to 85% of applicants, usually within 2 days" (decision 0232); null below 10 applications. */
  companyResponse?: string | null;
  place: string;
  pay: string;
  employmentType: string;
  category: string;
  benefits: string[];
  /** Paragraphs; lines starting with "- " are list items (demo jobs). */
  description: string[];
  /** A posted job's description: Markdown rendered and sanitised on the server (decision 0115). */
  descriptionHtml: string | null;
  /** The employer's own look at the page before or while it is published: marked, never indexed. */
  /** An employer's preview; publishHref (POST) is set while the job is not published yet. */
  preview: { label: string; backHref: string; publishHref?: string | null } | null;
  featured: boolean;
  /** Screening questions asked when applying on Jobwise. */
  questions: Array<{ name: string; text: string; kind: 'yes_no' | 'text' }>;
  /** Apply by email: the mailto address to write to, or null. */
  applyEmailHref: string | null;
  /** Counts an apply click on an email job (the link's ping). */
  applyClickPingHref: string | null;
  posted: string;
  postedIso: string;
  applyExternal: boolean;
  listingKey: string;
  /** The listing's current version, sent with a registration or sign-in from this page (spec 3). */
  listingVersionKey: string;
  /** Records the click and goes to the employer's site (opened in a new tab). */
  externalApplyHref: string;
  /** The signed-in person's state for this job (false for a visitor). */
  saved: boolean;
  applied: boolean;
  /** Where Save and Apply lead for now: registration, then back to this job. */
  registerHref: string;
  similarSearchHref: string;
  salaryHref: string;
}

export interface BrowseLink {
  label: string;
  href: string;
  count: string;
}

export interface BrowsePageProps {
  categories: BrowseLink[];
  cities: BrowseLink[];
  states: BrowseLink[];
  titles: BrowseLink[];
}

export interface SalaryBar {
  label: string;
  href: string | null;
  median: number;
  medianText: string;
  count: number;
}

export interface SalaryStats {
  period: 'hour' | 'year';
  periodText: string;
  count: number;
  p25: number;
  median: number;
  p75: number;
  min: number;
  max: number;
  p25Text: string;
  medianText: string;
  p75Text: string;
}

export interface SalaryPageProps {
  title: string;
  titleKey: string;
  stats: SalaryStats | null;
  byState: SalaryBar[];
  searchHref: string;
  others: BrowseLink[];
}

export interface SalariesIndexProps {
  groups: Array<{ category: string; titles: SalaryBar[] }>;
}

export interface NearMePageProps {
  /** Where we think the visitor is, or null when we cannot tell. */
  placeLabel: string | null;
  radius: RadiusMiles;
  /** The count the words agree with (a lower bound when the total was not counted to the end). */
  total: number;
  totalText: string;
  jobs: JobCard[];
  moreHref: string;
  topCities: BrowseLink[];
}
