import type { FastifyRequest } from 'fastify';
import { requestLocation } from '../tracking/location';

/** Where a visitor is, as the location call (spec 7, GET /jobseeker/register/location) reports it. */
export interface VisitorLocation {
  city: string;
  region: string;
  country: string;
}

/**
 * The one place the jobs pages learn where a visitor is: the tracking feature's reading of a trusted
 * proxy's geo headers (TRUST_PROXY with GEO_*_HEADER). Without a US city and region we honestly do
 * not know, and the near-me page asks the person to choose a place.
 */
export async function visitorLocation(request: FastifyRequest): Promise<VisitorLocation | null> {
  const location = requestLocation(request.server, request);
  if (location.country !== 'US' || !location.city || !location.region) return null;
  return location;
}
