// Email input rules of spec 5: the typo suggestion and when a submit goes through.
import type { ObservationAction } from '../../../shared/analytics/enums';
import { EmailSchema } from '../../../shared/registration/contracts';

/**
 * Common mail domains, the whole domain compared with (distance threshold 2). A provider's name (the
 * first label) marks it as a big provider: every domain it uses is listed, so a top-level domain it
 * does not use is offered its real one (decision 0095). Most common first: ties go to the earlier.
 */
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
  'mac.com',
  'mail.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'att.net',
  'verizon.net',
  'sbcglobal.net',
  'protonmail.com',
  'ymail.com',
  'rocketmail.com',
  'googlemail.com',
  'yahoo.co.uk',
  'yahoo.ca',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.es',
  'yahoo.it',
  'yahoo.com.au',
  'hotmail.co.uk',
  'hotmail.ca',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.es',
  'hotmail.it',
  'live.co.uk',
  'live.ca',
  'live.fr',
  'outlook.fr',
  'outlook.de',
];
/** Spec 5: the second-level names. */
export const COMMON_SECOND_LEVEL_DOMAINS = ['yahoo', 'hotmail', 'mail', 'live', 'outlook', 'gmx'];
/** Most common first: a mistyped top-level domain is offered the commonest of its nearest neighbours. */
export const COMMON_TOP_LEVEL_DOMAINS = ['com', 'net', 'org', 'edu', 'gov', 'co.uk', 'ca', 'us', 'info', 'io', 'de', 'fr', 'uk', 'co', 'mx', 'me'];
export const SUGGESTION_DISPLAY_LENGTH = 20;
const DOMAIN_THRESHOLD = 2;
const SECOND_LEVEL_THRESHOLD = 2;
const TOP_LEVEL_THRESHOLD = 2;

/** Spec 5: local validation only when the email looks like x@y.z. */
const AT_DOT_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Edits between two strings, a swap of neighbours counting as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The nearest candidate within the threshold; on a tie the earlier (more common) one. */
function closest(value: string, candidates: readonly string[], threshold: number): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(value, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= threshold ? best : null;
}

const providerOf = (domain: string) => domain.split('.')[0]!;
const topLevelOf = (domain: string) => domain.split('.').slice(1).join('.');
/** "com", "co", "co.uk": one or two short labels, not a further name (mail.randomsmallcompany.com). */
const looksLikeTopLevel = (text: string) => /^[a-z]{2,3}(\.[a-z]{2,3})?$/.test(text);

/** The corrected domain, or null when nothing is likely wrong. The rules in order, as mailcheck's suite expects. */
function suggestDomain(domain: string): string | null {
  if (COMMON_MAIL_DOMAINS.includes(domain)) return null;
  const secondLevel = providerOf(domain);
  const topLevel = topLevelOf(domain);
  // A big provider's name with a top-level domain that provider does not use: its real domain.
  const providerDomains = COMMON_MAIL_DOMAINS.filter((known) => providerOf(known) === secondLevel);
  if (providerDomains.length > 0 && looksLikeTopLevel(topLevel)) {
    const nearest = closest(topLevel, providerDomains.map(topLevelOf), Infinity);
    return providerDomains.find((known) => topLevelOf(known) === nearest) ?? null;
  }
  // Spec 5: nothing when the second-level and top-level parts are already known.
  if (COMMON_SECOND_LEVEL_DOMAINS.includes(secondLevel) && COMMON_TOP_LEVEL_DOMAINS.includes(topLevel)) return null;
  const whole = closest(domain, COMMON_MAIL_DOMAINS, DOMAIN_THRESHOLD);
  if (whole) return whole;
  // Otherwise each part on its own: a mistyped provider name, a mistyped top-level domain.
  const fixedSecondLevel = closest(secondLevel, COMMON_SECOND_LEVEL_DOMAINS, SECOND_LEVEL_THRESHOLD) ?? secondLevel;
  const fixedTopLevel = topLevel && !COMMON_TOP_LEVEL_DOMAINS.includes(topLevel) ? (closest(topLevel, COMMON_TOP_LEVEL_DOMAINS, TOP_LEVEL_THRESHOLD) ?? topLevel) : topLevel;
  const fixed = [fixedSecondLevel, fixedTopLevel].filter(Boolean).join('.');
  return fixed === domain ? null : fixed;
}

/** The corrected address, or null when nothing is likely wrong. */
export function suggestEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!AT_DOT_PATTERN.test(trimmed)) return null;
  const at = trimmed.lastIndexOf('@');
  const domain = suggestDomain(trimmed.slice(at + 1).toLowerCase());
  return domain ? `${trimmed.slice(0, at)}@${domain}` : null;
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
