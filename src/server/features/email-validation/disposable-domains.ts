import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let domains: Set<string> | null = null;

/** The disposable-email-domains list (about 121k domains), loaded once on first use. */
export function isDisposableDomain(domain: string): boolean {
  if (!domains) {
    const list: unknown = require('disposable-email-domains');
    domains = new Set(Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []);
  }
  const lower = domain.toLowerCase();
  if (domains.has(lower)) return true;
  // Subdomains of a disposable domain are disposable too.
  const parts = lower.split('.');
  for (let i = 1; i < parts.length - 1; i += 1) if (domains.has(parts.slice(i).join('.'))) return true;
  return false;
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
