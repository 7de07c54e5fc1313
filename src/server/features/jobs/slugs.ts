/** "Forklift Operator (Nights) / Reach" -> "forklift-operator-nights-reach" */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The key that groups listings of one job title (salary pages, type-ahead). */
export const titleKey = slugify;

/** Path of a job page: /job/{slug}-{id}; the id is the last hyphen-separated part. */
export function jobPath(job: { id: string; title: string; city: string; state: string }): string {
  const slug = slugify(`${job.title} ${job.city} ${job.state}`) || 'job';
  return `/job/${slug}-${job.id}`;
}

/** The job id at the end of a /job/{slug}-{id} segment, or null when there is none. */
export function jobIdFromSlug(segment: string): string | null {
  const match = /(?:^|-)([a-z0-9]{6,32})$/.exec(segment);
  return match ? match[1]! : null;
}
