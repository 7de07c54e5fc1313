import { z } from 'zod';
import { EMAIL_VALIDATION_TEST_VALUES } from '../../../shared/registration/contracts';

/**
 * The `email_validation_test` URL parameter that picks the email validation experiment's variant (read by
 * this feature's experiment route and by registration). Unknown values are ignored, as a browser's stray
 * parameter should not fail a sign-up.
 */
export const EmailValidationTestQuerySchema = z.object({
  email_validation_test: z.enum(EMAIL_VALIDATION_TEST_VALUES).optional().catch(undefined),
});
