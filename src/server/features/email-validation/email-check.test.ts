import { describe, expect, it } from 'vitest';
import { checkEmailLocally, type MxResolver } from './email-check';
import { isDisposableDomain } from './disposable-domains';

const dnsError = (code: string) => Object.assign(new Error(code), { code });
const resolverFor =
  (answers: Record<string, Awaited<ReturnType<MxResolver>> | Error | 'never'>): MxResolver =>
  (domain) => {
    const answer = answers[domain] ?? dnsError('ENOTFOUND');
    if (answer === 'never') return new Promise(() => {});
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };

describe('checkEmailLocally', () => {
  const resolveMx = resolverFor({
    'example.com': [{ exchange: 'mx.example.com', priority: 10 }],
    'nomail.example': [{ exchange: '', priority: 0 }],
    'nomx.example': dnsError('ENODATA'),
    'broken.example': dnsError('ESERVFAIL'),
    'offline.example': dnsError('ECONNREFUSED'),
    'slow.example': 'never',
  });
  const check = (email: string) => checkEmailLocally(email, { resolveMx, timeoutMs: 50 });

  it('is valid when the domain has mail exchangers', async () => {
    expect(await check('person@example.com')).toBe('valid');
  });
  it('is invalid for bad syntax, disposable domains, domains that do not exist and a null MX', async () => {
    expect(await check('person@@example.com')).toBe('invalid');
    expect(await check('person@mailinator.com')).toBe('invalid');
    expect(await check('person@no-such-domain.example')).toBe('invalid');
    expect(await check('person@nomail.example')).toBe('invalid');
  });
  it('is uncertain when the lookup cannot tell: no MX records, server failure, no network, too slow', async () => {
    for (const domain of ['nomx.example', 'broken.example', 'offline.example', 'slow.example']) expect(await check(`person@${domain}`), domain).toBe('uncertain');
  });
});

describe('isDisposableDomain', () => {
  it('knows the list and its subdomains, case-insensitively, and leaves ordinary domains alone', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('MAILINATOR.COM')).toBe(true);
    expect(isDisposableDomain('inbox.mailinator.com')).toBe(true);
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(isDisposableDomain('example.com')).toBe(false);
  });
});
