// Employer-jobs addresses that other features link to (the job page's email apply link).

/** Where an email job's apply link pings (its click counts as an apply click). */
export const emailApplyPingPath = (listingKey: string) => `/jobs/apply-click/${encodeURIComponent(listingKey)}`;
