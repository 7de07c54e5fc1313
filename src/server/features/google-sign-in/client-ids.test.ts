import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { googleClientIdFor, isGoogleSignInConfigured } from './client-ids';

const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jobwise-google-')), PUBLIC_URL: 'http://localhost:3000', ...env });

describe('Google client id per host (spec 9)', () => {
  it('gives a listed host its own id and every other host the default', () => {
    const c = config({ GOOGLE_CLIENT_ID: 'dev-id.apps.googleusercontent.com', GOOGLE_CLIENT_ID_BY_HOST: 'Jobwise.example=prod-id.apps.googleusercontent.com, www.jobwise.example=prod-id.apps.googleusercontent.com' });
    expect(googleClientIdFor(c, 'jobwise.example')).toBe('prod-id.apps.googleusercontent.com');
    expect(googleClientIdFor(c, 'WWW.jobwise.example:443')).toBe('prod-id.apps.googleusercontent.com');
    expect(googleClientIdFor(c, 'localhost')).toBe('dev-id.apps.googleusercontent.com');
    // Any other Host header gets no audience at all (issue 14).
    expect(googleClientIdFor(c, 'staging.jobwise.example')).toBeNull();
    expect(googleClientIdFor(c, 'attacker.example')).toBeNull();
    expect(isGoogleSignInConfigured(c)).toBe(true);
  });

  it('has no id anywhere when nothing is configured, and only on listed hosts without a default', () => {
    expect(googleClientIdFor(config({}), 'localhost')).toBeNull();
    expect(isGoogleSignInConfigured(config({}))).toBe(false);
    const onlyProduction = config({ GOOGLE_CLIENT_ID_BY_HOST: 'jobwise.example=prod-id' });
    expect(googleClientIdFor(onlyProduction, 'jobwise.example')).toBe('prod-id');
    expect(googleClientIdFor(onlyProduction, 'localhost')).toBeNull();
    expect(isGoogleSignInConfigured(onlyProduction)).toBe(true);
  });

  it('refuses malformed settings by name', () => {
    expect(() => config({ GOOGLE_CLIENT_ID_BY_HOST: 'jobwise.example' })).toThrow(/GOOGLE_CLIENT_ID_BY_HOST must be a comma-separated list of host=client-id pairs/);
    expect(() => config({ GOOGLE_CLIENT_ID: 'has spaces in it' })).toThrow(/GOOGLE_CLIENT_ID must be an OAuth client id/);
    expect(() => config({ GOOGLE_ISSUERS: ' , ' })).toThrow(/GOOGLE_ISSUERS must name at least one issuer/);
  });

  it("defaults to Google's key set, issuers and script", () => {
    const c = config({});
    expect(c.GOOGLE_JWKS_URL).toBe('https://www.googleapis.com/oauth2/v3/certs');
    expect(c.GOOGLE_ISSUERS).toEqual(['accounts.google.com', 'https://accounts.google.com']);
    expect(c.GOOGLE_GSI_SCRIPT_URL).toBe('https://accounts.google.com/gsi/client');
  });
});
