import { describe, expect, it } from 'vitest';
import { RADIUS_MILES } from '../../../shared/jobs/enums';
import { boundingBox, haversineMiles } from './geo';
import { createRandom } from '../../../shared/random';
import { cellToken, coveringCells, MAX_COVER_CELLS, MAX_PLACE_WINDOW_TOKENS, newestBlocks, PLACE_SEQ_BLOCK, placeWindowTokens, SEQ_BUCKET, seqBlocksBetween } from './search-tokens';

describe('coveringCells', () => {
  it('covers every point within the radius, for each radius, in at most MAX_COVER_CELLS cells', () => {
    const random = createRandom(171);
    for (let centre = 0; centre < 200; centre += 1) {
      const latitude = 25 + random.next() * 24;
      const longitude = -124 + random.next() * 57;
      for (const radius of RADIUS_MILES) {
        const box = boundingBox(latitude, longitude, radius);
        const cells = coveringCells(box);
        expect(cells).not.toBeNull();
        expect(cells!.length).toBeLessThanOrEqual(MAX_COVER_CELLS);
        const level = Number(/^zzc(\d+)n/.exec(cells![0]!)![1]);
        const cover = new Set(cells);
        for (let point = 0; point < 50; point += 1) {
          // Points of the box, the corners included; those within the radius must be covered.
          const lat = point === 0 ? box.minLatitude : point === 1 ? box.maxLatitude : box.minLatitude + random.next() * (box.maxLatitude - box.minLatitude);
          const lon = point === 0 ? box.minLongitude : point === 1 ? box.maxLongitude : box.minLongitude + random.next() * (box.maxLongitude - box.minLongitude);
          if (point > 1 && haversineMiles(latitude, longitude, lat, lon) > radius) continue;
          expect(cover.has(cellToken(level, lat, lon)), `${lat},${lon} within ${radius} mi of ${latitude},${longitude}`).toBe(true);
        }
      }
    }
  });

  it('gives no cells for a box beyond the map (the search then runs without place tokens)', () => {
    expect(coveringCells({ minLatitude: 10, maxLatitude: 11, minLongitude: -181, maxLongitude: -179 })).toBeNull();
  });
});

describe('newestBlocks', () => {
  it('names the newest blocks, or nothing when they would hold every job', () => {
    expect(newestBlocks(10 * SEQ_BUCKET + 5, 2)).toEqual(['zzq10', 'zzq9']);
    expect(newestBlocks(SEQ_BUCKET + 5, 2)).toBeNull();
  });
});

describe('seqBlocksBetween', () => {
  // Migration 0036 spells a job's block token as `zzq` and its seq divided by SEQ_BUCKET.
  const blockOf = (seq: number) => `zzq${Math.floor(seq / SEQ_BUCKET)}`;

  it('names each block holding a seq of the span once, newest first', () => {
    const B = SEQ_BUCKET;
    expect(seqBlocksBetween(48 * B, 56 * B)).toEqual([55, 54, 53, 52, 51, 50, 49, 48].map((n) => `zzq${n}`));
    expect(seqBlocksBetween(0, B)).toEqual(['zzq0']);
    expect(seqBlocksBetween(B - 1, B + 1)).toEqual(['zzq1', 'zzq0']);
    expect(seqBlocksBetween(5, 5)).toEqual([]);
    // Every seq of a span has its block among them, and no block lies wholly outside it.
    for (const [from, to] of [[3 * B, 5 * B], [B + 7, 4 * B - 3], [0, 1]]) {
      const blocks = seqBlocksBetween(from!, to!);
      for (let seq = from!; seq < to!; seq += 97) expect(blocks).toContain(blockOf(seq));
      expect(blocks).toContain(blockOf(to! - 1));
      expect(blocks[0]).toBe(blockOf(to! - 1));
      expect(blocks.at(-1)).toBe(blockOf(from!));
      expect(new Set(blocks).size).toBe(blocks.length);
    }
  });
});

describe('placeWindowTokens', () => {
  // Migration 0051 spells a job's token as its one-degree cell and its block of PLACE_SEQ_BLOCK seqs.
  const jobToken = (latitude: number, longitude: number, seq: number) =>
    `zzg${Math.floor(latitude + 90)}n${Math.floor(longitude + 180)}b${Math.floor(seq / PLACE_SEQ_BLOCK)}`;

  it("holds the token of every job within the radius and the window's blocks, and of no other block", () => {
    const random = createRandom(199);
    for (let centre = 0; centre < 200; centre += 1) {
      const latitude = 25 + random.next() * 24;
      const longitude = -124 + random.next() * 57;
      const box = boundingBox(latitude, longitude, 25);
      const blocks = [7, 6, 5];
      const tokens = placeWindowTokens(box, blocks);
      if (!tokens) continue;
      expect(tokens.length).toBeLessThanOrEqual(MAX_PLACE_WINDOW_TOKENS);
      const window = new Set(tokens);
      for (let point = 0; point < 30; point += 1) {
        const lat = box.minLatitude + random.next() * (box.maxLatitude - box.minLatitude);
        const lon = box.minLongitude + random.next() * (box.maxLongitude - box.minLongitude);
        if (haversineMiles(latitude, longitude, lat, lon) > 25) continue;
        const seq = Math.floor(random.next() * 8 * PLACE_SEQ_BLOCK);
        expect(window.has(jobToken(lat, lon, seq)), `${lat},${lon} seq ${seq}`).toBe(blocks.includes(Math.floor(seq / PLACE_SEQ_BLOCK)));
      }
    }
  });

  it('gives nothing when the window would take more tokens than MAX_PLACE_WINDOW_TOKENS, or leaves the map', () => {
    // 100 miles around Denver span 4 x 4 one-degree cells.
    expect(placeWindowTokens(boundingBox(39.74, -104.99, 100), [7, 6, 5])).toBeNull();
    expect(placeWindowTokens({ minLatitude: 10, maxLatitude: 11, minLongitude: -181, maxLongitude: -179 }, [1])).toBeNull();
  });
});
