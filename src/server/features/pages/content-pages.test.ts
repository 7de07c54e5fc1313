import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES_DIR } from './page.routes';
import { contentPathOf, loadContentPages, parseContentFile } from './content-pages';

const page = (front: string, body = 'Body text.') => `---\n${front}\n---\n${body}\n`;

describe('content files', () => {
  it('keys pages by URL path, nested folders included, and renders markdown once', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'jobwise-content-'));
    mkdirSync(path.join(root, 'careers'));
    writeFileSync(path.join(root, 'careers.md'), page('title: Careers\ndescription: Work at Jobwise: how we work.'));
    writeFileSync(path.join(root, 'careers/engineering.md'), page('title: Engineering\ndescription: How we build Jobwise, briefly.\npageType: company mission', '## Tools\n\n[Home](/) and [support](https://support.jobwise.example/)'));
    const pages = loadContentPages(root);
    expect([...pages.keys()].sort()).toEqual(['/careers', '/careers/engineering']);
    const engineering = pages.get('/careers/engineering')!;
    expect(engineering.pageType).toBe('company mission');
    expect(engineering.html).toContain('<h2>Tools</h2>');
    expect(engineering.html).toContain('<a href="/">Home</a>');
    expect(engineering.html).toContain('<a href="https://support.jobwise.example/" target="_blank" rel="noopener noreferrer">support<span class="visually-hidden"> (opens in a new tab)</span></a>');
  });

  it('refuses a file without front matter or with a missing title, naming the file', () => {
    expect(() => parseContentFile('# no front matter', 'a.md')).toThrow(/a\.md: missing front matter/);
    expect(() => parseContentFile(page('description: A description that is long enough.'), 'b.md')).toThrow(/b\.md: bad front matter: title/);
  });

  it('loads every shipped content file', () => {
    const pages = loadContentPages(CONTENT_PAGES_DIR);
    // Pages the product now builds (Post a Job, Plans, employer login) left the content folder.
    expect(pages.size).toBeGreaterThanOrEqual(30);
    for (const content of pages.values()) expect(content.html.length, content.path).toBeGreaterThan(50);
  });
});

describe('contentPathOf', () => {
  it('drops the query, the fragment and a trailing slash', () => {
    expect(contentPathOf('/mobile-app-redirect?area=_header_light')).toBe('/mobile-app-redirect');
    expect(contentPathOf('/about/')).toBe('/about');
    expect(contentPathOf('/about#intsrc=zr.fe.footer_light')).toBe('/about');
    expect(contentPathOf('/')).toBe('/');
  });
});
