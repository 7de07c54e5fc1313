import type { Config } from '../../config';
import { allowedHostNames, hostNameOf } from '../../plugins/host-check';

/**
 * Spec 9: the client id differs by host name (the production host and the rest). Only configured hosts
 * have one (issue 14): a host listed in GOOGLE_CLIENT_ID_BY_HOST gets its own id, the hosts the Host check
 * answers (PUBLIC_URL's, and the loopback names outside production) get GOOGLE_CLIENT_ID, and any other
 * Host header gets none, so a request cannot choose which audience the
 * server accepts. Null: no Google sign-in on that host.
 */
export function googleClientIdFor(config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_ID_BY_HOST' | 'PUBLIC_URL' | 'isProduction'>, hostname: string): string | null {
  const host = hostNameOf(hostname);
  const byHost = config.GOOGLE_CLIENT_ID_BY_HOST;
  if (byHost && Object.hasOwn(byHost, host)) return byHost[host] ?? null;
  return allowedHostNames(config).has(host) ? (config.GOOGLE_CLIENT_ID ?? null) : null;
}

/** Whether any host can show Google sign-in: decides the CSP additions at start-up. */
export function isGoogleSignInConfigured(config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_ID_BY_HOST'>): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID) || Object.keys(config.GOOGLE_CLIENT_ID_BY_HOST ?? {}).length > 0;
}
