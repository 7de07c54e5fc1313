// Email input rules of spec 5: the typo suggestion and when a submit goes through.
import { run as suggestEmailFix } from '@zootools/email-spell-checker';
import type { ObservationAction } from '../../../shared/analytics/enums';
import { EmailSchema } from '../../../shared/registration/contracts';

/** Common mail domains the whole domain is compared with (distance threshold 2). */
export const COMMON_MAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'aol.com',
  'icloud.com',
  'live.com',
  'msn.com',
  'comcast.net',
  'me.com',
  'mail.com',
  'gmx.com',
  'att.net',
  'verizon.net',
  'sbcglobal.net',
  'protonmail.com',
  'yahoo.co.uk',
  'hotmail.co.uk',
  'googlemail.com',
  'yahoo.ca',
  'hotmail.ca',
];
/** Spec 5: the second-level names. */
export const COMMON_SECOND_LEVEL_DOMAINS = ['yahoo', 'hotmail', 'mail', 'live', 'outlook', 'gmx'];
export const COMMON_TOP_LEVEL_DOMAINS = ['com', 'net', 'org', 'edu', 'gov', 'info', 'io', 'co', 'us', 'ca', 'uk', 'co.uk', 'de', 'fr', 'mx', 'me'];
export const SUGGESTION_DISPLAY_LENGTH = 20;

/** Spec 5: local validation only when the email looks like x@y.z. */
const AT_DOT_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The corrected address, or null when nothing is likely wrong. */
export function suggestEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!AT_DOT_PATTERN.test(trimmed)) return null;
  const suggestion = suggestEmailFix({
    email: trimmed,
    domains: COMMON_MAIL_DOMAINS,
    domainThreshold: 2,
    secondLevelDomains: COMMON_SECOND_LEVEL_DOMAINS,
    topLevelDomains: COMMON_TOP_LEVEL_DOMAINS,
  });
  if (!suggestion || suggestion.full.toLowerCase() === trimmed.toLowerCase()) return null;
  return suggestion.full;
}

/** Spec 5: the suggestion is shown truncated to 20 characters. */
export function displaySuggestion(suggestion: string): string {
  return suggestion.length > SUGGESTION_DISPLAY_LENGTH ? `${suggestion.slice(0, SUGGESTION_DISPLAY_LENGTH)}…` : suggestion;
}

/** The first message of spec 5 the email breaks, or the trimmed email. */
export function validateEmail(email: string): { ok: true; email: string } | { ok: false; message: string } {
  const result = EmailSchema.safeParse(email);
  if (result.success) return { ok: true, email: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Email is invalid' };
}

/** What the email field remembers between submits. */
export interface EmailCheckState {
  /** The suggestion on screen, if any. */
  suggestion: string | null;
  /** A suggestion was offered for the current text: the next submit goes through (it pauses once). */
  suggestionOffered: boolean;
  /** No was chosen: no more suggestions until the email is edited. */
  suggestionsDismissed: boolean;
  /** The server check warned once: the next submit skips it. */
  serverCheckDone: boolean;
  warning: string | null;
  /** Which check paused the last submit, until a submit goes through: that one is a resubmit (spec 3). */
  pausedBy: 'local' | 'mailgun' | null;
}

export const initialEmailCheckState: EmailCheckState = {
  suggestion: null,
  suggestionOffered: false,
  suggestionsDismissed: false,
  serverCheckDone: false,
  warning: null,
  pausedBy: null,
};

/** Editing the email clears the suggestion and the notice, and allows suggestions again. */
export function emailEdited(): EmailCheckState {
  return initialEmailCheckState;
}

export function suggestionAccepted(state: EmailCheckState): EmailCheckState {
  return { ...state, suggestion: null, suggestionOffered: true };
}

export function suggestionDismissed(state: EmailCheckState): EmailCheckState {
  return { ...state, suggestion: null, suggestionOffered: true, suggestionsDismissed: true };
}

export type SubmitDecision =
  | { kind: 'invalid'; message: string }
  | { kind: 'suggest'; state: EmailCheckState }
  | { kind: 'serverCheck'; email: string }
  | { kind: 'submit'; email: string };

/**
 * Spec 5: what a submit does. A likely typo pauses the submit once; the server check (when
 * enabled) runs once and its warning lets the next submit through.
 */
export function decideSubmit(
  email: string,
  state: EmailCheckState,
  options: { localValidation: boolean; serverValidation: boolean },
): SubmitDecision {
  const valid = validateEmail(email);
  if (!valid.ok) return { kind: 'invalid', message: valid.message };
  if (options.localValidation && !state.suggestionOffered && !state.suggestionsDismissed) {
    const suggestion = suggestEmail(valid.email);
    if (suggestion) return { kind: 'suggest', state: { ...state, suggestion, suggestionOffered: true, pausedBy: 'local' } };
  }
  if (options.serverValidation && !state.serverCheckDone) return { kind: 'serverCheck', email: valid.email };
  return { kind: 'submit', email: valid.email };
}

/**
 * The observations a submit makes (spec 3): the typo check's outcome when it ran (a suggestion is a
 * failure), and whether this submit goes on after a check paused the one before (a resubmit).
 * Editing the email starts over, so the check runs again on the edited text.
 */
export function submitObservations(decision: SubmitDecision, state: EmailCheckState, options: { localValidation: boolean }): ObservationAction[] {
  if (decision.kind === 'invalid') return [];
  if (decision.kind === 'suggest') return ['LOCAL_EMAIL_VALIDATION_FAILURE'];
  const actions: ObservationAction[] = [];
  if (options.localValidation && !state.suggestionOffered && !state.suggestionsDismissed) actions.push('LOCAL_EMAIL_VALIDATION_SUCCESS');
  if (state.pausedBy === 'local') actions.push('RESUBMIT_AFTER_LOCAL_VALIDATION');
  if (state.pausedBy === 'mailgun') actions.push('RESUBMIT_AFTER_MAILGUN_VALIDATION');
  return actions;
}

/** Whether a change is big enough to be the browser's autofill rather than typing (spec 9). */
export function isLargeChange(previous: string, next: string): boolean {
  return Math.abs(next.length - previous.length) > 1;
}
