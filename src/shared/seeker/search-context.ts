// The search a registration starts from. Imported by the registration contracts: zod only, nothing else.
import { z } from 'zod';

/**
 * The search a registration started from (spec 3's search-context object: jobCount, jobTitle, radius,
 * location, all text). The registration request carries it as search_context; it becomes an alert.
 */
export const SearchContextSchema = z.object({
  jobCount: z.string().max(20).optional(),
  jobTitle: z.string().trim().max(200).default(''),
  radius: z.string().max(10).default('25'),
  location: z.string().trim().max(100).default(''),
});
export type SearchContext = z.infer<typeof SearchContextSchema>;
