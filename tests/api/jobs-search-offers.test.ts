import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedTitles } from '../../src/server/features/job-pages/results-offers';
import { placeInWords } from '../../src/server/features/jobs/search-as-meant';
import { insertJob } from '../support/jobs-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The results page as a person without JavaScript reads it (server-rendered HTML): typo corrections,
 * a place typed in the "What" box, and the ways on from no results with their counts (decisions
 * 0261, 0262), on both databases.
 */
let t: TestApp;
const page = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  // Text as read: tags and the page data's JSON left out, entities as characters.
  return response.body
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
};
const html = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  const db = t.app.db;
  // Nurses in Houston, full-time; an LPN and a CNA there too; nurses in Dallas (about 225 miles away).
  for (let i = 0; i < 6; i += 1) {
    await insertJob(db, now, { title: 'Registered Nurse', description: 'Care for patients.', category: 'healthcare', city: 'Houston', state: 'TX', zip: '77002', latitude: 29.7604, longitude: -95.3698, ageDays: i });
  }
  await insertJob(db, now, { title: 'Licensed Practical Nurse', description: 'Give medications.', category: 'healthcare', city: 'Houston', state: 'TX', zip: '77002', latitude: 29.7604, longitude: -95.3698 });
  await insertJob(db, now, { title: 'Certified Nursing Assistant', description: 'Help residents.', category: 'healthcare', city: 'Houston', state: 'TX', zip: '77002', latitude: 29.7604, longitude: -95.3698 });
  // A phlebotomist in Killeen, about 60 miles from Austin: found within 100 miles.
  await insertJob(db, now, { title: 'Phlebotomist', description: 'Draw blood.', category: 'healthcare', city: 'Killeen', state: 'TX', zip: '76541', latitude: 31.1171, longitude: -97.7278 });
  if (t.app.dialect === 'postgres') await sql`analyze jobs`.execute(db);
});
afterAll(async () => t.close());

describe('a place typed in the "What" box', () => {
  it('reads the words before a place as the title and the place as the place', () => {
    expect(placeInWords('nurse houston')).toMatchObject({ words: 'nurse', place: { kind: 'city', label: 'Houston, TX' } });
    expect(placeInWords('cna in dallas tx')).toMatchObject({ words: 'cna', place: { label: 'Dallas, TX' } });
    expect(placeInWords('rn 78701')).toMatchObject({ words: 'rn', place: { kind: 'zip' } });
    expect(placeInWords('forklift texas')).toMatchObject({ words: 'forklift', place: { kind: 'state' } });
  });

  it('leaves title words, a state abbreviation alone and one word alone as words', () => {
    expect(placeInWords('line cook')).toBeNull();
    expect(placeInWords('registered nurse')).toBeNull();
    expect(placeInWords('medical ma')).toBeNull();
    expect(placeInWords('houston')).toBeNull();
  });

  it('searches the title within the place and offers the words as typed', async () => {
    const text = await page('/jobs-search?search=nurse+houston');
    expect(text).toContain('Showing nurse jobs in Houston, TX.');
    expect(text).toContain('We found 8 open positions for "nurse" within 25 miles of Houston, TX');
    expect(await html('/jobs-search?search=nurse+houston')).toContain('href="/jobs-search?search=nurse+houston&amp;as_typed=1"');
  });
});

describe('typos on the page', () => {
  it('shows the results for the corrected word and links to the words as typed', async () => {
    const text = await page('/jobs-search?search=nurce');
    expect(text).toContain('Showing results for nurse. Search instead for nurce.');
    expect(text).toContain('We found 8 open positions for "nurse"');
    expect(await html('/jobs-search?search=nurce')).toContain('href="/jobs-search?search=nurce&amp;as_typed=1"');
    const typed = await page('/jobs-search?search=nurce&as_typed=1');
    expect(typed).not.toContain('Showing results for');
    expect(typed).toContain('No open jobs match this search yet.');
  });
});

describe('no results is never a dead end', () => {
  it('offers the search without its narrowest filter, with its count', async () => {
    const text = await page('/jobs-search?search=nurse&location=Houston%2C+TX&type=part_time');
    expect(text).toContain('No open jobs match this search yet.');
    expect(text).toContain('Without “Part-time”: 8 jobs');
  });

  it('offers a wider radius with its count', async () => {
    const text = await page('/jobs-search?search=phlebotomist&location=Austin%2C+TX&radius=25');
    expect(text).toContain('1 job within 100 miles');
  });

  it('offers related titles with their counts, and an alert for when such a job is posted', async () => {
    const text = await page('/jobs-search?search=medical+assistant&location=Houston%2C+TX');
    expect(text).toMatch(/Patient Care Technician|Registered Nurse|Licensed Practical Nurse|Certified Nursing Assistant/);
    expect(text).toContain('Get an alert when a medical assistant job is posted in Houston, TX');
    const body = await html('/jobs-search?search=medical+assistant&location=Houston%2C+TX');
    expect(body).toMatch(/<form[^>]*action="\/candidate\/alerts"[^>]*>[\s\S]*?Get an alert when a medical assistant job is posted/);
    expect(text).toMatch(/Registered Nurse: 6 jobs/);
  });

  it('relates titles of the same class of the table', () => {
    expect(relatedTitles('medical assistant')).toEqual(expect.arrayContaining(['Phlebotomist', 'Registered Nurse']));
    expect(relatedTitles('cna')).toEqual(expect.arrayContaining(['Home Health Aide', 'Personal Care Assistant']));
    expect(relatedTitles('xylophonist')).toEqual([]);
  });
});
