import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jobwise-config-')) });

describe('registration configuration', () => {
  it('starts strict and needs no other service', () => {
    const config = loadConfig(base());
    expect(config).toMatchObject({
      SESSION_TTL_DAYS: 30,
      MAIL_SEND_TIMEOUT_MS: 10_000,
      RATE_LIMIT_EMAIL_CODES_PER_HOUR: 5,
      RATE_LIMIT_CLIENT_MAX: 30,
      RATE_LIMIT_CLIENT_WINDOW_SECONDS: 60,
      DEFAULT_COUNTRY: 'US',
      CANDIDATE_SPOTLIGHT_PERCENT: 50,
      EMAIL_VALIDATION_VARIANT: 'local_only',
      MAILGUN_API_URL: 'https://api.mailgun.net',
      EMAIL_CHECK_TIMEOUT_MS: 1500,
    });
    expect(config.MAILGUN_API_KEY).toBeUndefined();
    expect(config.GEO_COUNTRY_HEADER).toBeUndefined();
  });

  it('upper-cases the default country and names bad values', () => {
    expect(loadConfig({ ...base(), DEFAULT_COUNTRY: 'ca' }).DEFAULT_COUNTRY).toBe('CA');
    let message = '';
    try {
      loadConfig({ ...base(), DEFAULT_COUNTRY: 'USA', CANDIDATE_SPOTLIGHT_PERCENT: '120', EMAIL_VALIDATION_VARIANT: 'mailgun', RATE_LIMIT_CLIENT_MAX: '0', GEO_COUNTRY_HEADER: 'bad header' });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    for (const name of ['DEFAULT_COUNTRY', 'CANDIDATE_SPOTLIGHT_PERCENT', 'EMAIL_VALIDATION_VARIANT', 'RATE_LIMIT_CLIENT_MAX', 'GEO_COUNTRY_HEADER']) expect(message).toContain(name);
  });
});
