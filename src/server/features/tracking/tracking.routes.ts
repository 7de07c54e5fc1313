import { CandidateSpotlightEligibilitySchema, TrackingMetaSchema, type TrackingMeta } from '../../../shared/registration/contracts';
import type { RoutesApp } from '../../shared/route-contracts';
import { requestLocation } from './location';
import { isInSpotlightBucket } from './spotlight-bucket';
import { REGISTRATION_PATHS } from '../../../shared/registration/paths';

export default async function trackingRoutes(app: RoutesApp) {
  app.get(REGISTRATION_PATHS.location, { schema: { response: { 200: TrackingMetaSchema } } }, async (request, reply) => {
    const tracking = request.tracking;
    if (!tracking) throw new Error('tracking identity missing on an API request');
    const answer: TrackingMeta = { ...requestLocation(app, request), visitId: tracking.visitId, ptid: tracking.ptid };
    return reply.header('cache-control', 'private, no-store').send(answer);
  });

  app.get(REGISTRATION_PATHS.candidateSpotlight, { schema: { response: { 200: CandidateSpotlightEligibilitySchema } } }, async (request, reply) => {
    const ptid = request.tracking?.ptid;
    const show = ptid ? isInSpotlightBucket(ptid, app.config.CANDIDATE_SPOTLIGHT_PERCENT) : false;
    return reply.header('cache-control', 'private, no-store').send({ show_candidate_spotlight: show });
  });
}
