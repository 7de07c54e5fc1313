import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/** A stand-in for Google's signing keys: an RS256 key pair whose public half is published as a JWKS. */
export interface GoogleTestKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function createGoogleTestKey(kid: string): Promise<GoogleTestKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk };
}

export interface IdTokenOptions {
  audience: string;
  issuer?: string;
  subject?: string;
  email?: string;
  emailVerified?: boolean;
  /** Seconds since the epoch; default: now. */
  issuedAt?: number;
  /** Seconds since the epoch; default: an hour after issuedAt, as Google's tokens. */
  expiresAt?: number;
  extra?: JWTPayload;
}

/** An ID token shaped like Google's (claims iss, aud, sub, email, email_verified, iat, exp). */
export async function signIdToken(key: GoogleTestKey, options: IdTokenOptions): Promise<string> {
  const issuedAt = options.issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ email: options.email ?? 'person@example.com', email_verified: options.emailVerified ?? true, name: 'Test Person', ...options.extra })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience)
    .setSubject(options.subject ?? '100000000000000000001')
    .setIssuedAt(issuedAt)
    .setExpirationTime(options.expiresAt ?? issuedAt + 3600)
    .sign(key.privateKey);
}

export interface JwksServer {
  url: string;
  /** How many times the key set was fetched (the verifier should cache it). */
  fetches: number;
  close(): Promise<void>;
}

/** Serves the public keys at GET /oauth2/v3/certs on 127.0.0.1 (port 0 = any free port). */
export async function serveJwks(keys: GoogleTestKey[], port = 0, extra?: (url: URL, body: string) => Promise<{ status: number; body: string } | null>): Promise<JwksServer> {
  const state = { fetches: 0 };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      void (async () => {
        if (request.method === 'GET' && url.pathname === '/oauth2/v3/certs') {
          state.fetches += 1;
          response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
          response.end(JSON.stringify({ keys: keys.map((key) => key.publicJwk) }));
          return;
        }
        const answer = extra ? await extra(url, body) : null;
        if (answer) {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(answer.body);
          return;
        }
        response.writeHead(404).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/oauth2/v3/certs`,
    get fetches() {
      return state.fetches;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
