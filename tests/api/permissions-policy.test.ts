import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 47: the spotlight records with the camera and microphone on our own pages; nothing else on the
// device (place, payment, USB…) is offered to a page or a frame.
let t: TestApp;
afterEach(async () => t?.close());

describe('Permissions-Policy', () => {
  it('allows the camera and microphone to our own origin only, and turns the rest off, on pages and API answers', async () => {
    t = await createTestApp();
    for (const url of ['/', '/healthz', '/no-such-page']) {
      const policy = (await t.app.inject({ method: 'GET', url })).headers['permissions-policy'] as string;
      const features = Object.fromEntries(policy.split(',').map((entry) => entry.trim().split('=') as [string, string]));
      expect(features.camera, url).toBe('(self)');
      expect(features.microphone, url).toBe('(self)');
      expect(features.geolocation, url).toBe('()');
      expect(features.payment, url).toBe('()');
    }
  });
});
