import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormulas, toCsv } from './csv';

/** A small RFC 4180 reader, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    expect(text[i]).toBe('"');
    let cell = '';
    i += 1;
    for (;;) {
      if (text[i] === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (text[i] === '"') {
        i += 1;
        break;
      } else {
        cell += text[i];
        i += 1;
      }
    }
    row.push(cell);
    if (text[i] === ',') i += 1;
    else {
      expect(text.slice(i, i + 2)).toBe('\r\n');
      i += 2;
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

const dangerous = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
const hostileChar = fc.constantFrom(...dangerous, ',', ';', '|', '\n', '"', "'", ' ', '\u00a0', 'a', '1', '(', ')', 'é');
const hostileText = fc.oneof(fc.string(), fc.string({ unit: hostileChar, maxLength: 40 }));

describe('the formula-safe CSV writer', () => {
  it('quotes every cell and neutralises a formula at the start and after separators', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(neutraliseFormulas('a;=1+2')).toBe("a;'=1+2");
    expect(neutraliseFormulas('a, @SUM(A1)')).toBe("a, '@SUM(A1)");
    expect(neutraliseFormulas('x|-2')).toBe("x|'-2");
    expect(neutraliseFormulas('one\n=cmd')).toBe("one\n'=cmd");
    expect(neutraliseFormulas('\t=1')).toBe("'\t'=1");
    expect(neutraliseFormulas('a-b=c')).toBe('a-b=c');
  });

  test.prop([fc.array(fc.array(hostileText, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 })])(
    'reads back as the same table, and no piece a spreadsheet could split off starts a formula',
    (rows) => {
      const parsed = parseCsv(toCsv(rows));
      expect(parsed.map((row) => row.length)).toEqual(rows.map((row) => row.length));
      parsed.forEach((row, r) =>
        row.forEach((cell, c) => {
          // Only apostrophes were added, each just before a dangerous character.
          expect(cell.replace(/'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g, '').length).toBeLessThanOrEqual(rows[r]![c]!.length);
          for (const piece of cell.split(/[,;|\t\r\n]/)) {
            const first = piece.replace(/^[ \u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\f\v\ufeff]+/, '')[0];
            expect(first === undefined || !dangerous.includes(first)).toBe(true);
          }
          expect(dangerous.includes(cell[0] ?? '')).toBe(false);
        }),
      );
    },
  );

  test.prop([hostileText])('removing the added apostrophes gives the text back', (text) => {
    let restored = '';
    const safe = neutraliseFormulas(text);
    // Walk both: every extra character is an apostrophe placed before a dangerous one.
    let j = 0;
    for (const char of safe) {
      if (j < text.length && text[j] === char) {
        restored += char;
        j += 1;
      } else expect(char).toBe("'");
    }
    expect(restored).toBe(text);
  });
});
