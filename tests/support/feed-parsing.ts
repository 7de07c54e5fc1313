import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'link', 'author', 'job'].includes(name) });

/** An element's text, whether the parser gave it as a string or (with attributes) an object. */
export function textOf(value: string | { '#text': string } | undefined): string {
  return typeof value === 'object' ? value['#text'] : (value ?? '');
}

export interface AtomEntry {
  id: string;
  title: string | { '#text': string };
  updated: string;
  link: Array<{ '@href': string; '@rel'?: string }>;
  author: Array<{ name: string }>;
  summary?: string | { '#text': string };
}

/**
 * An Atom document as a feed reader takes it (RFC 4287): well-formed XML, a <feed> in the Atom namespace
 * with id, title and updated, and each entry with id, title, updated, a link and an author.
 */
export function parseAtom(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const { feed } = parser.parse(xml) as { feed: { '@xmlns': string; id: string; title: string; updated: string; link: AtomEntry['link']; entry?: AtomEntry[] } };
  expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const field of ['id', 'title', 'updated'] as const) expect(feed[field], field).toBeTruthy();
  const entries = feed.entry ?? [];
  for (const entry of entries) {
    expect(entry.id).toBeTruthy();
    expect(entry.title).toBeTruthy();
    expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    expect(entry.link[0]?.['@href']).toMatch(/^https?:\/\//);
    expect(entry.author[0]?.name).toBeTruthy();
  }
  return { feed, entries };
}

/** An XML document parsed with repeated <job> elements as a list. */
export function parseXml<T>(xml: string): T {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as T;
}
