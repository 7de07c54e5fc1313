import { describe, expect, it } from 'vitest';
import { boundingBox, haversineMiles } from './geo';

describe('haversineMiles', () => {
  it('is zero from a point to itself', () => {
    expect(haversineMiles(30.2672, -97.7431, 30.2672, -97.7431)).toBe(0);
  });

  it('measures known city distances within a mile', () => {
    // Austin to Dallas is about 182 miles as the crow flies; New York to Los Angeles about 2,445.
    expect(haversineMiles(30.2672, -97.7431, 32.7767, -96.797)).toBeCloseTo(182, -1);
    expect(Math.abs(haversineMiles(40.7128, -74.006, 34.0522, -118.2437) - 2445)).toBeLessThan(10);
  });

  it('is symmetric', () => {
    expect(haversineMiles(41.8781, -87.6298, 29.4241, -98.4936)).toBeCloseTo(haversineMiles(29.4241, -98.4936, 41.8781, -87.6298), 9);
  });
});

describe('boundingBox', () => {
  it('holds every point within the radius (checked around the compass)', () => {
    for (const [lat, lon] of [
      [30.2672, -97.7431],
      [61.2181, -149.9003],
      [25.7617, -80.1918],
    ] as const) {
      const box = boundingBox(lat, lon, 25);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        // A point 24.9 miles away on this bearing (small-distance approximation is fine at this scale).
        const rad = (bearing * Math.PI) / 180;
        const dLat = ((24.9 / 3958.8) * Math.cos(rad) * 180) / Math.PI;
        const dLon = ((24.9 / 3958.8) * Math.sin(rad) * 180) / Math.PI / Math.cos((lat * Math.PI) / 180);
        const [pLat, pLon] = [lat + dLat, lon + dLon];
        expect(haversineMiles(lat, lon, pLat, pLon)).toBeLessThan(25);
        expect(pLat).toBeGreaterThanOrEqual(box.minLatitude);
        expect(pLat).toBeLessThanOrEqual(box.maxLatitude);
        expect(pLon).toBeGreaterThanOrEqual(box.minLongitude);
        expect(pLon).toBeLessThanOrEqual(box.maxLongitude);
      }
    }
  });

  it('widens in longitude towards the poles', () => {
    const south = boundingBox(25, -80, 50);
    const north = boundingBox(60, -150, 50);
    expect(north.maxLongitude - north.minLongitude).toBeGreaterThan(south.maxLongitude - south.minLongitude);
    expect(north.maxLatitude - north.minLatitude).toBeCloseTo(south.maxLatitude - south.minLatitude, 9);
  });
});
