import { describe, expect, it } from 'vitest';
import {
  decideSubmit,
  displaySuggestion,
  emailEdited,
  initialEmailCheckState,
  isLargeChange,
  submitObservations,
  suggestEmail,
  suggestionAccepted,
  suggestionDismissed,
  validateEmail,
} from './email-checks';

describe('email validation (spec 5)', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['not-an-email', 'Email is invalid'],
    [`${'a'.repeat(70)}@x.com`, 'The maximum character limit is 75'],
  ])('%j gives %s', (email, message) => {
    expect(validateEmail(email)).toEqual({ ok: false, message });
  });

  it('trims the email', () => {
    expect(validateEmail('  a@example.com ')).toEqual({ ok: true, email: 'a@example.com' });
  });
});

describe('typo suggestion (spec 5)', () => {
  it.each([
    ['sam@gmial.com', 'sam@gmail.com'],
    ['sam@hotmial.com', 'sam@hotmail.com'],
    ['sam@yaho.com', 'sam@yahoo.com'],
    ['sam@outlok.com', 'sam@outlook.com'],
    ['sam@gmail.con', 'sam@gmail.com'],
  ])('%s suggests %s', (email, suggestion) => {
    expect(suggestEmail(email)).toBe(suggestion);
  });

  // The cases of mailcheck's published suite (spec/mailcheckSpec.js) that our lists cover.
  it.each([
    ['test@comcast.com', 'test@comcast.net', "a big provider's name with a top-level domain it does not use"],
    ['test@hotmail.co', 'test@hotmail.com', "a big provider's name with a top-level domain it does not use"],
    ['test@gmail.co', 'test@gmail.com', "a big provider's name with a top-level domain it does not use"],
    ['test@randomsmallcompany.cmo', 'test@randomsmallcompany.com', 'a mistyped top-level domain gets the commonest neighbour, not .co'],
    ['test@example.ogr', 'test@example.org', 'a mistyped top-level domain'],
    ['test@example.ifno', 'test@example.info', 'a mistyped top-level domain'],
    ['test@gmail.con', 'test@gmail.com', 'a mistyped top-level domain of a provider'],
    ['test@gnail.con', 'test@gmail.com', 'two typos'],
    ['test@GNAIL.con', 'test@gmail.com', 'upper case'],
    ['test@homail.con', 'test@hotmail.com', 'two typos, not hotmail.co'],
    ['test@yajoo.com', 'test@yahoo.com', 'a mistyped provider'],
  ])('mailcheck: %s suggests %s (%s)', (email, suggestion) => {
    expect(suggestEmail(email)).toBe(suggestion);
  });

  it.each(['contact@kicksend.com', 'test@mail.randomsmallcompany.cmo', 'test', 'test@', ''])('mailcheck: nothing for %j', (email) => {
    expect(suggestEmail(email)).toBeNull();
  });

  it.each(['sam@gmail.com', 'sam@yahoo.co.uk', 'sam@yahoo.fr', 'sam@mac.com', 'sam@startup.co', 'sam@mail.com', 'sam@gmx.de', 'sam@live.ca', 'sam@example.org', 'not an email', 'sam@localhost'])(
    'nothing for %s',
    (email) => {
      expect(suggestEmail(email)).toBeNull();
    },
  );

  it('is shown truncated to 20 characters', () => {
    expect(displaySuggestion('a-long-name@gmail.com')).toBe('a-long-name@gmail.co…');
    expect(displaySuggestion('sam@gmail.com')).toBe('sam@gmail.com');
  });
});

describe('when a submit goes through (spec 5)', () => {
  const local = { localValidation: true, serverValidation: false };

  it('an invalid email never submits', () => {
    expect(decideSubmit('x', initialEmailCheckState, local)).toEqual({ kind: 'invalid', message: 'Email is invalid' });
  });

  it('a likely typo pauses the submit once; the next submit goes through', () => {
    const first = decideSubmit('sam@gmial.com', initialEmailCheckState, local);
    expect(first).toMatchObject({ kind: 'suggest', state: { suggestion: 'sam@gmail.com' } });
    if (first.kind !== 'suggest') throw new Error('expected a suggestion');
    expect(decideSubmit('sam@gmial.com', first.state, local)).toEqual({ kind: 'submit', email: 'sam@gmial.com' });
  });

  it('No dismisses further suggestions until the email is edited', () => {
    const dismissed = suggestionDismissed({ ...initialEmailCheckState, suggestion: 'sam@gmail.com', suggestionOffered: true });
    expect(dismissed.suggestion).toBeNull();
    expect(decideSubmit('bob@hotmial.com', dismissed, local)).toMatchObject({ kind: 'submit' });
    expect(decideSubmit('bob@hotmial.com', emailEdited(), local)).toMatchObject({ kind: 'suggest' });
  });

  it('Yes lets the next submit through', () => {
    const accepted = suggestionAccepted({ ...initialEmailCheckState, suggestion: 'sam@gmail.com', suggestionOffered: true });
    expect(decideSubmit('sam@gmail.com', accepted, local)).toEqual({ kind: 'submit', email: 'sam@gmail.com' });
  });

  it('no suggestion when local validation is off', () => {
    expect(decideSubmit('sam@gmial.com', initialEmailCheckState, { localValidation: false, serverValidation: false })).toMatchObject({ kind: 'submit' });
  });

  it('the server check runs once; after its warning the next submit proceeds', () => {
    const options = { localValidation: false, serverValidation: true };
    expect(decideSubmit('sam@example.com', initialEmailCheckState, options)).toEqual({ kind: 'serverCheck', email: 'sam@example.com' });
    expect(decideSubmit('sam@example.com', { ...initialEmailCheckState, serverCheckDone: true }, options)).toEqual({ kind: 'submit', email: 'sam@example.com' });
  });

  it('autofill is a change of more than one character at once', () => {
    expect(isLargeChange('', 'sam@example.com')).toBe(true);
    expect(isLargeChange('sam@example.co', 'sam@example.com')).toBe(false);
    expect(isLargeChange('sam@example.com', 'sam@example.co')).toBe(false);
  });
});

describe('what a submit observes (spec 3)', () => {
  const local = { localValidation: true, serverValidation: false };
  const observed = (email: string, state = initialEmailCheckState, options = local) => submitObservations(decideSubmit(email, state, options), state, options);

  it('an invalid email observes nothing; a clean one passes local validation', () => {
    expect(observed('x')).toEqual([]);
    expect(observed('sam@example.com')).toEqual(['LOCAL_EMAIL_VALIDATION_SUCCESS']);
    expect(observed('sam@example.com', initialEmailCheckState, { localValidation: false, serverValidation: false })).toEqual([]);
  });

  it('a likely typo fails local validation; the submit after Yes or No is a resubmit', () => {
    const first = decideSubmit('sam@gmial.com', initialEmailCheckState, local);
    expect(observed('sam@gmial.com')).toEqual(['LOCAL_EMAIL_VALIDATION_FAILURE']);
    if (first.kind !== 'suggest') throw new Error('expected a suggestion');
    expect(first.state.pausedBy).toBe('local');
    expect(observed('sam@gmail.com', suggestionAccepted(first.state))).toEqual(['RESUBMIT_AFTER_LOCAL_VALIDATION']);
    expect(observed('sam@gmial.com', suggestionDismissed(first.state))).toEqual(['RESUBMIT_AFTER_LOCAL_VALIDATION']);
  });

  it("the submit after the mail service's warning is a resubmit after that check", () => {
    const options = { localValidation: true, serverValidation: true };
    const warned = { ...initialEmailCheckState, serverCheckDone: true, pausedBy: 'mailgun' as const };
    expect(observed('sam@example.com', warned, options)).toEqual(['LOCAL_EMAIL_VALIDATION_SUCCESS', 'RESUBMIT_AFTER_MAILGUN_VALIDATION']);
  });
});
