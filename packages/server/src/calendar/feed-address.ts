import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A member's secret calendar address (issue 14): their id and a signature over it and the
 * address's generation. Nothing is stored but the generation: rotating bumps it, and every
 * address signed for an earlier one stops matching (404).
 */
export function feedSignature(key: string, userId: string, generation: number): string {
  return createHmac('sha256', key).update(`calendar:${userId}:${generation}`).digest('base64url');
}

export function feedPath(key: string, userId: string, generation: number): string {
  return `/api/calendar-feed/${userId}/${feedSignature(key, userId, generation)}.ics`;
}

export function signatureMatches(key: string, userId: string, generation: number, given: string): boolean {
  const expected = Buffer.from(feedSignature(key, userId, generation));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
