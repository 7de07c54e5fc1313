import SQLite from 'better-sqlite3';
import { expect, test } from '@playwright/test';

// The server of playwright.config.ts writes here; read-only, to see what a real browser's calls stored.
const database = () => new SQLite('data/e2e.sqlite', { readonly: true, fileMustExist: true });

function rows<T>(query: string, ...params: unknown[]): T[] {
  const db = database();
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

const observation = (visitId: string, action: string) => ({
  type_url: 'ComponentObservation',
  payload: {
    create_time_utc: Date.now(),
    meta_data: { visit_id: visitId },
    source: 'landing',
    component_id: 'landing_get_started',
    action,
    base_form_type: 'REGISTRATION',
    form_container_type: 'MODAL',
  },
});

test('the landing page logs its page view under the server-set page type', async ({ page }) => {
  const since = Date.now();
  await page.goto('/');
  await expect
    .poll(() => rows<{ properties: string }>("select properties from event_log where event_type = 'page_view' and created_at >= ?", since).map((row) => JSON.parse(row.properties).label))
    .toContain('job search home');
});

test('observation batches from a real beacon and a keepalive fetch are stored, and a resent batch once', async ({ page }) => {
  await page.goto('/');
  const visitId = `e2e-${Date.now()}`;
  const beaconBatch = { batch_id: `${visitId}-beacon`, observe_type: 'AT_LEAST_ONCE', messages: [observation(visitId, 'DISPLAY'), observation(visitId, 'SUBMIT')] };
  const fetchBatch = { batch_id: `${visitId}-fetch`, observe_type: 'AT_LEAST_ONCE', messages: [observation(visitId, 'CLOSE')] };
  const results = await page.evaluate(
    async ([beacon, fetched]) => {
      // A string body: the browser sends text/plain, the CORS-safelisted type (decision 0051).
      const queued = navigator.sendBeacon('/observations/observe', JSON.stringify(beacon));
      const first = await fetch('/observations/observe', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(fetched) });
      const again = await fetch('/observations/observe', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(fetched) });
      return { queued, first: first.status, again: again.status };
    },
    [beaconBatch, fetchBatch] as const,
  );
  expect(results).toEqual({ queued: true, first: 204, again: 204 });
  await expect
    .poll(() => rows<{ action: string }>('select action from observation where visit_key = ? order by action', visitId).map((row) => row.action))
    .toEqual(['CLOSE', 'DISPLAY', 'SUBMIT']);
});
