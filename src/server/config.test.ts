import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { s3Settings } from './features/storage/storage.plugin';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'jobwise-config-'));

describe('loadConfig', () => {
  it('starts with defaults that need no other service', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('sqlite:./data/jobwise.sqlite');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.isProduction).toBe(false);
  });

  it('makes a development session secret once and keeps it in the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).SESSION_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/SESSION_SECRET is required when NODE_ENV=production/);
  });

  it('requires a bucket for the s3 storage driver, both S3 keys or neither, and addresses by path when an endpoint is set (decision 0284)', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', DATA_DIR: dataDir() })).toThrow(/S3_BUCKET is required when STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'up', DATA_DIR: dataDir() })).toThrow(/S3_BUCKET must be an S3 bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key', DATA_DIR: dataDir() })).toThrow(/S3_SECRET_ACCESS_KEY is required with the other S3 key/);
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:9000', DATA_DIR: dataDir() });
    expect(s3Settings(config)).toEqual({ bucket: 'uploads', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    expect(s3Settings(loadConfig({ S3_BUCKET: 'uploads', DATA_DIR: dataDir() }))?.forcePathStyle).toBe(false);
    expect(s3Settings(loadConfig({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'false', DATA_DIR: dataDir() }))?.forcePathStyle).toBe(false);
  });

  it('requires SMTP_URL in production and says why (decision 0081)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() })).toThrow(
      /SMTP_URL is required when NODE_ENV=production: without it sign-in codes would go to the development mailbox, which production never serves/,
    );
  });

  it('names every bad value at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging', DATA_DIR: dataDir() });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT /m);
      expect(problems).toMatch(/^DATABASE_URL must start with sqlite: or postgres:\/\//m);
      expect(problems).toMatch(/^NODE_ENV /m);
    }
  });

  it('accepts PostgreSQL and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      PUBLIC_URL: 'https://jobwise.example/',
      SESSION_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.jobwise.example:587',
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
    });
    expect(config.PUBLIC_URL).toBe('https://jobwise.example');
    expect(config.isProduction).toBe(true);
  });

  it('takes TRUST_PROXY as addresses and CIDR ranges, and refuses "true" with the reason (decision 0080)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must list the proxies to trust, not "true"/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY must be addresses or CIDR ranges/);
  });
});
