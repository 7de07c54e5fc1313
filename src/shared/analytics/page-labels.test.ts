import { describe, expect, it } from 'vitest';
import { DRAFT_JOBS_LABEL, pageViewLabel, UNLABELLED_PAGE } from './page-labels';

describe('pageViewLabel', () => {
  it.each([
    ['/candidate/about', 'Candidate About'],
    ['/candidate/saved-jobs', 'Candidate Saved Jobs'],
    ['/candidate/gothired', 'Candidate Got Hired'],
    ['/jobs/resume', 'Candidate Resume'],
    ['/mobile', 'Mobile'],
    ['/jobseeker/home', 'Suggested Jobs'],
    ['/login', 'Login'],
    ['/user/purchase-plan-simple', 'Paywall'],
    ['/post-a-job', 'Post a Job'],
    ['/candidates/12/resume', 'Employer Candidates'],
    ['/candidates', 'Employer Candidates'],
    ['/pricing', 'Marketing Pricing'],
    ['/about', 'Marketing About'],
    ['/blog', 'Blog'],
    ['/blog/how-to-interview', 'Blog Post'],
    ['/contact/survey/abc', 'Contact Survey'],
    ['/candidate/zipresume/verify/xyz', 'Candidate Resume Verify'],
    ['/candidate/unsubscribe/token', 'Candidate Unsubscribe Link'],
    ['/candidate/unsubscribe', 'Candidate Unsubscribe'],
    ['/submit-reference/r1', 'Submit Reference'],
    ['/reference-giver/create-alert/r2', 'Reference Giver Create Alert'],
    ['/candidate/about/', 'Candidate About'],
  ])('labels %s as %s', (path, label) => {
    expect(pageViewLabel(path)).toBe(label);
  });

  it('labels draft jobs by the query, and other my-jobs views not as drafts', () => {
    expect(pageViewLabel('/my-jobs', '?show=draft')).toBe(DRAFT_JOBS_LABEL);
    expect(pageViewLabel('/my-jobs', '?show=open')).toBe(UNLABELLED_PAGE);
  });

  it('gives the server-set page type precedence over the path', () => {
    expect(pageViewLabel('/pricing', '', 'vanity URL')).toBe('vanity URL');
    expect(pageViewLabel('/', '', 'job search home')).toBe('job search home');
  });

  it('labels paths outside the table as Other', () => {
    expect(pageViewLabel('/somewhere')).toBe(UNLABELLED_PAGE);
    expect(pageViewLabel('/blogging')).toBe(UNLABELLED_PAGE);
  });
});
