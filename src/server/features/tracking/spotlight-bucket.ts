import { createHash } from 'node:crypto';

/** A stable bucket 0..99 for a browser id: the same ptid always lands in the same bucket. */
export function spotlightBucket(ptid: string): number {
  return createHash('sha256').update(`candidate-spotlight:${ptid}`).digest().readUInt32BE(0) % 100;
}

export function isInSpotlightBucket(ptid: string, percent: number): boolean {
  return spotlightBucket(ptid) < percent;
}
