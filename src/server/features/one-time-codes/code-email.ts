import { escapeHtml } from '../../plugins/ssr';
import type { MailMessage } from '../mail/mailer';

/**
 * The code sits in the subject too, so it can be read from a phone's notification without opening
 * the message; the body says how long it lasts and what to do if the person did not ask for it.
 */
export function codeEmail(options: { to: string; code: string; isNewAccount: boolean; publicUrl: string }): MailMessage {
  const { code, isNewAccount } = options;
  const heading = isNewAccount ? 'Verify your email' : 'Welcome back!';
  const purpose = isNewAccount ? 'finish creating your Jobwise account' : 'log in to Jobwise';
  const text = [
    heading,
    '',
    `Your Jobwise code is ${code}`,
    '',
    `Enter it to ${purpose}. It works once and expires in 10 minutes.`,
    '',
    "If you didn't ask for this code, you can ignore this email: nobody can sign in without it.",
    '',
    `Jobwise · ${options.publicUrl}`,
  ].join('\n');
  const html =
    '<!doctype html><html lang="en"><body>' +
    `<h1>${escapeHtml(heading)}</h1>` +
    '<p>Your Jobwise code is</p>' +
    `<p><strong>${escapeHtml(code)}</strong></p>` +
    `<p>Enter it to ${escapeHtml(purpose)}. It works once and expires in 10 minutes.</p>` +
    "<p>If you didn't ask for this code, you can ignore this email: nobody can sign in without it.</p>" +
    `<p><a href="${escapeHtml(options.publicUrl)}">Jobwise</a></p>` +
    '</body></html>';
  return { to: options.to, subject: `Your Jobwise code: ${code}`, text, html };
}
