// Ports and ids of the Google sign-in browser tests, shared by playwright.config.ts and the spec.
// The Google tests get their own app server (with a client id) so every other spec keeps running
// against a server without Google sign-in, as a default installation is.

const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

export const GOOGLE_E2E_PORT = E2E_PORT + 1000;
export const GOOGLE_E2E_BASE_URL = `http://localhost:${GOOGLE_E2E_PORT}`;
export const GOOGLE_KEY_SERVER_PORT = E2E_PORT + 2000;
export const GOOGLE_KEY_SERVER_URL = `http://127.0.0.1:${GOOGLE_KEY_SERVER_PORT}`;
export const GOOGLE_E2E_CLIENT_ID = '1234-jobwise-e2e.apps.googleusercontent.com';
