import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownLinks, markdownPlainText, renderJobMarkdown } from './markdown';

describe('renderJobMarkdown', () => {
  it('renders headings (from h2), lists, emphasis and links', () => {
    const html = renderJobMarkdown('# About\n\nWe **pay** _weekly_.\n\n- Days\n- Nights\n\n1. One\n\n[Our site](https://example.com/a?b=1&c=2)');
    expect(html).toContain('<h2>About</h2>');
    expect(html).toContain('<strong>pay</strong>');
    expect(html).toContain('<em>weekly</em>');
    expect(html).toContain('<ul>\n<li>Days</li>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc">Our site</a>');
  });

  it.each([
    ['<script>alert(1)</script>', /<script/i],
    ['<img src=x onerror=alert(1)>', /<img/i],
    ['<style>body{display:none}</style>', /<style/i],
    ['<div style="position:fixed">x</div>', /<div/i],
    ['[click](javascript:alert(1))', /javascript:/i],
    ['[click](JaVaScRiPt:alert(1))', /javascript:/i],
    ['[click](data:text/html;base64,PHNjcmlwdD4=)', /href="data:/i],
    ['[click](vbscript:msgbox)', /vbscript:/i],
    ['[x](https://example.com "title\\" onmouseover=\\"alert(1))', /<[^>]*onmouseover/i],
    ['![pixel](https://tracker.example/p.gif)', /<img/i],
    ['<a href="https://example.com" onclick="steal()">x</a>', /<a [^>]*onclick/i],
    ['<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['<svg><script>alert(1)</script></svg>', /<svg|<script/i],
    ['[a](//evil.example/x)', /href="\/\//i],
    ['<form action="https://evil.example"><input name=p></form>', /<form|<input/i],
  ])('keeps hostile Markdown inert: %s', (source, forbidden) => {
    const html = renderJobMarkdown(source);
    expect(html).not.toMatch(forbidden);
    expect(html).not.toMatch(/<[a-z]+[^>]*\son[a-z]+=/i);
    expect(html).not.toMatch(/<[^>]*style=/i);
  });

  it('shows raw HTML as text rather than dropping what was written', () => {
    expect(renderJobMarkdown('Hello <b>there</b>')).toBe('<p>Hello &lt;b&gt;there&lt;/b&gt;</p>');
  });

  it('only ever emits allowed tags and attributes, whatever the input', () => {
    const allowed = new Set(['h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'a', 'blockquote', 'code', 'pre', 'hr']);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '"', "'", '=', '[', ']', '(', ')', '*', '#', '-', ' ', '\n', 'a', 'script', 'on', 'href', 'javascript:', 'style', 'img', ':', '/') , maxLength: 80 }), (source) => {
        const html = renderJobMarkdown(source);
        for (const match of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
          expect(allowed.has(match[1]!.toLowerCase())).toBe(true);
          const attributes = [...match[2]!.matchAll(/([a-zA-Z-]+)=/g)].map((m) => m[1]);
          for (const name of attributes) expect(['href', 'rel']).toContain(name);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('markdownPlainText and markdownLinks', () => {
  it('turns the description into lines of text for search and snippets', () => {
    expect(markdownPlainText('## Duties\n\n- Load **trucks** & vans\n- Count stock\n\nApply <today>')).toBe('Duties\n- Load trucks & vans\n- Count stock\nApply <today>');
  });

  it('lists the safe link targets only', () => {
    expect(markdownLinks('[a](https://a.example) [b](javascript:x) <https://b.example> mail@example.com')).toEqual(['https://a.example', 'https://b.example', 'mailto:mail@example.com']);
  });
});
