import { createHash, randomInt } from 'node:crypto';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';
import type { Db } from '../db/client';
import { recordUsedCaptcha } from '../db/used-captchas.queries';

export interface CaptchaVerifier {
  challenge(): Promise<unknown>;
  /** True when the payload solves a challenge of ours, unexpired and not used before. */
  verify(payload: string): Promise<boolean>;
}

const CHALLENGE_TTL_S = 10 * 60;

/**
 * ALTCHA: a self-hosted proof of work, no third party (ADR 0007). The solver must try about
 * `attempts` SHA-256 keys; the default is tuned so a mid-range phone needs about a second.
 * Used challenges are recorded in the database, so a solved payload is not replayable on any
 * instance (ALTCHA keeps no such record itself).
 */
export function altchaCaptcha(options: { secret: string; attempts: number; db: Db }): CaptchaVerifier {
  const keySecret = createHash('sha256').update(`${options.secret}:keys`).digest('hex');
  const store = {
    get: () => false,
    set: () => undefined,
    setIfAbsent: (key: string) => recordUsedCaptcha(options.db, key),
  };
  return {
    challenge: () =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(Math.ceil(options.attempts / 2), options.attempts + 1),
        deriveKey,
        hmacSignatureSecret: options.secret,
        hmacKeySignatureSecret: keySecret,
        // Wall time, not the test clock: a challenge's life has nothing to do with fund deadlines.
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
      }),
    async verify(payload) {
      const result = await verify(payload, deriveKey, options.secret, keySecret, store);
      return !result.error && Boolean(result.verification?.verified);
    },
  };
}
