import type { FastifyRequest } from 'fastify';

/** Where a visitor is, as the location call (spec 7, GET /jobseeker/register/location) reports it. */
export interface VisitorLocation {
  city: string;
  region: string;
  country: string;
}

/**
 * The one place the jobs pages learn where a visitor is. No location service exists yet (the
 * registration work adds one), so this honestly answers "unknown" and the near-me page asks the
 * person to choose a place. Swap the body for the tracking service's lookup when it lands.
 */
export async function visitorLocation(_request: FastifyRequest): Promise<VisitorLocation | null> {
  return null;
}
