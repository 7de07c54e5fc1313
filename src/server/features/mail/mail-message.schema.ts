import { z } from 'zod';
import { EMAIL_KINDS } from '../../../shared/mail/kinds';
import type { MailMessage } from './mailer';

/** An email as a queued job carries it, rendered when the work was recorded (decision 0272). */
export const MailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  kind: z.enum(EMAIL_KINDS).optional(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })).optional(),
}) satisfies z.ZodType<MailMessage>;
