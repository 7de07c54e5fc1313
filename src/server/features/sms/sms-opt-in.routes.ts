import { randomUUID } from 'node:crypto';
import { normalizePhone } from '../../../shared/phone';
import { REGISTRATION_PATHS } from '../../../shared/registration/paths';
import { SMS_CONSENT_TEXT, SmsOptInRequestSchema } from '../../../shared/registration/contracts';
import type { RoutesApp } from '../../shared/route-contracts';
import { z } from 'zod';
import { sendError } from '../../shared/status-replies';

export const SMS_OPT_IN_PATH = REGISTRATION_PATHS.smsOptIn;
export default async function smsOptInRoutes(app: RoutesApp) {
  app.post(SMS_OPT_IN_PATH, { config: { requireXhr: true, clientRateLimit: true }, schema: { body: SmsOptInRequestSchema, response: { 200: z.object({ status: z.literal('SUCCESS') }) } } }, async (request, reply) => {
    const { body } = request;
    if (!request.user) return sendError(reply, 'CREDENTIAL_SERVICE_ERROR');
    const phone = normalizePhone(body.phone);
    if (!phone) return sendError(reply, 'PROTO_VALIDATION_ERROR');
    await app.db
      .insertInto('sms_opt_ins')
      .values({
        id: randomUUID(),
        account_id: request.user.id,
        phone_e164: phone,
        consent_text: SMS_CONSENT_TEXT,
        consented_at: app.now(),
        client_address: request.ip,
        reg_method: body.reg_method ?? null,
      })
      .execute();
    return reply.header('cache-control', 'no-store').send({ status: 'SUCCESS' });
  });
}
