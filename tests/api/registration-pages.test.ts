import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectTarget } from '../../src/server/features/registration-pages/registration-pages.routes';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function pageData(html: string) {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as { page: string; props: Record<string, unknown> };
}

describe('registration pages', () => {
  it('/authn/login renders the registration form server-side with the jobseekerLoginPage copy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/authn/login?onboarding_method=fe.header_logged_out_global_nav.jobseeker_link&realm=candidates' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1 id="registration-title"');
    expect(response.body).toContain('Log in or sign up');
    expect(response.body).toMatch(/<label for="[^"]+">Email<\/label>/);
    expect(response.body).toContain('>Continue</button>');
    expect(response.body).toContain('Global Terms of Use');
    expect(response.body).not.toMatch(/style="/);
    const data = pageData(response.body);
    expect(data.page).toBe('seeker-login');
    expect(data.props).toMatchObject({
      variant: 'jobseekerLoginPage',
      componentId: 'fe.header_logged_out_global_nav.jobseeker_link',
      realm: 'candidates',
      redirectUrl: '/jobseeker/home',
    });
  });

  it('/authn/login?login_hint=... is a partial login: the address prefilled, its code sent by the page (decision 0097)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/authn/login?login_hint=%20known%40example.com&next=%2FSalaries' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('value="known@example.com"');
    expect(pageData(response.body).props).toMatchObject({ prefillEmail: 'known@example.com', redirectUrl: '/Salaries' });
    // Not an address: no prefill, the page as usual.
    const junk = await t.app.inject({ method: 'GET', url: '/authn/login?login_hint=not-an-email' });
    expect(junk.statusCode).toBe(200);
    expect(pageData(junk.body).props.prefillEmail).toBeUndefined();
  });

  it('/jobseeker/register renders the landingPage copy and takes `next` as the redirect target', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/jobseeker/register?next=%2Fjobs%3Fq%3Dnurse' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Sign up or log in to get job matches made for you');
    expect(pageData(response.body).props).toMatchObject({ variant: 'landingPage', redirectUrl: '/jobs?q=nurse' });
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', ''])('refuses next=%j and uses /jobseeker/home', async (next) => {
    const response = await t.app.inject({ method: 'GET', url: `/jobseeker/register?next=${encodeURIComponent(next)}` });
    expect(pageData(response.body).props.redirectUrl).toBe('/jobseeker/home');
    expect(redirectTarget(next)).toBe('/jobseeker/home');
  });
});
