import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { SMS_CONSENT_TEXT, SmsOptInRequestSchema } from '../../../shared/registration/contracts';
import { parseInput } from '../../plugins/errors';
import { sendError } from '../registration/registration-replies';

export const SMS_OPT_IN_PATH = '/candidate/smsoptin';
const PHONE_COUNTRIES: CountryCode[] = ['US', 'GB', 'CA'];

/** Spec 5: valid for US, GB or CA (national formats), otherwise any valid international number. Answers E.164. */
export function toE164(phone: string): string | null {
  for (const country of PHONE_COUNTRIES) {
    if (isValidPhoneNumber(phone, country)) return parsePhoneNumberFromString(phone, country)?.number ?? null;
  }
  const international = parsePhoneNumberFromString(phone);
  return international?.isValid() ? international.number : null;
}

export default async function smsOptInRoutes(app: FastifyInstance) {
  app.post(SMS_OPT_IN_PATH, { config: { requireXhr: true, clientRateLimit: true } }, async (request, reply) => {
    const body = parseInput(SmsOptInRequestSchema, request.body);
    if (!request.user) return sendError(reply, 'CREDENTIAL_SERVICE_ERROR');
    const phone = toE164(body.phone);
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
