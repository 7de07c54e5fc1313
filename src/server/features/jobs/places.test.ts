import { describe, expect, it } from 'vitest';
import { editDistance, parseLocation } from './places';

const found = (text: string) => {
  const result = parseLocation(text);
  if (result.status !== 'found') throw new Error(`expected ${text} to be found, got ${JSON.stringify(result)}`);
  return result.place;
};

describe('parseLocation', () => {
  it('reads "City, ST" in any case and spacing', () => {
    for (const text of ['Austin, TX', 'austin, tx', '  AUSTIN ,  TX ', 'Austin TX', 'Austin, Texas']) {
      expect(found(text)).toMatchObject({ kind: 'city', label: 'Austin, TX', state: 'TX' });
    }
  });

  it('puts a city at the middle of its ZIP codes, not off at a far-away PO box', () => {
    const place = found('New York, NY');
    expect(place.kind).toBe('city');
    if (place.kind !== 'city') return;
    expect(place.latitude).toBeCloseTo(40.75, 0);
    expect(place.longitude).toBeCloseTo(-73.98, 0);
  });

  it('reads common abbreviations such as St. and Ft.', () => {
    expect(found('St. Louis, MO')).toMatchObject({ kind: 'city', label: 'Saint Louis, MO' });
    expect(found('Ft Worth, TX')).toMatchObject({ kind: 'city', label: 'Fort Worth, TX' });
  });

  it('reads a ZIP code, with or without the +4 part', () => {
    expect(found('10001')).toMatchObject({ kind: 'zip', zip: '10001', city: 'New York', state: 'NY' });
    expect(found('78701-1234')).toMatchObject({ kind: 'zip', zip: '78701', state: 'TX' });
  });

  it('reads a state by code or by name', () => {
    expect(found('TX')).toMatchObject({ kind: 'state', state: 'TX', label: 'Texas' });
    expect(found('california')).toMatchObject({ kind: 'state', state: 'CA', label: 'California' });
    expect(found('District of Columbia')).toMatchObject({ kind: 'state', state: 'DC' });
  });

  it('reads Remote', () => {
    expect(found('Remote')).toEqual({ kind: 'remote', label: 'Remote' });
    expect(found('remote')).toEqual({ kind: 'remote', label: 'Remote' });
  });

  it('picks the largest city when only a name is given', () => {
    expect(found('Chicago')).toMatchObject({ kind: 'city', label: 'Chicago, IL' });
  });

  it('answers nothing for an empty box', () => {
    expect(parseLocation('')).toEqual({ status: 'none' });
    expect(parseLocation('   ')).toEqual({ status: 'none' });
    expect(parseLocation(undefined)).toEqual({ status: 'none' });
  });

  it('gives close matches for a misspelt place', () => {
    const result = parseLocation('Austn, TX');
    expect(result.status).toBe('unknown');
    if (result.status === 'unknown') expect(result.suggestions).toContain('Austin, TX');
  });

  it('calls an unknown ZIP or gibberish unknown without throwing', () => {
    expect(parseLocation('00000')).toMatchObject({ status: 'unknown', suggestions: [] });
    for (const text of ['"foo* OR (', "'; drop table jobs; --", 'x'.repeat(5000), '\u0000\u202e', 'Atlantis, ZZ']) {
      expect(parseLocation(text).status).toBe('unknown');
    }
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('austin', 'austin')).toBe(0);
    expect(editDistance('austn', 'austin')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('stops early past the limit', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});
