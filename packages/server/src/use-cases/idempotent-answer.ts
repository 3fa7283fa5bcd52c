import type { Tx } from '../db/client';
import {
  findIdempotencyKey,
  type IdempotentRequest,
  type KnownAnswer,
  saveIdempotentAnswer,
} from '../db/idempotency.repository';
import { isUniqueViolation } from '../db/pg-errors';
import { AppError } from '../errors';

/**
 * The first answer when this request is a replay, or undefined when its key is new. A key used
 * before by another user, on another route or with another body is IDEMPOTENCY_KEY_REUSED
 * (api.md): carrying it out would do something the first request did not ask, and answering
 * it would hand over someone else's answer. Called after the state row is locked, so a
 * concurrent replay of the same request waits for the first and then finds its answer.
 */
export async function replayedAnswer<T>(
  tx: Tx,
  userId: string,
  request: IdempotentRequest,
): Promise<T | undefined> {
  return replayOf<T>(await findIdempotencyKey(tx, request.key), userId, request);
}

/** As `replayedAnswer`, given the key's stored first use (read by the caller with other things). */
export function replayOf<T>(
  known: KnownAnswer | undefined,
  userId: string,
  request: IdempotentRequest,
): T | undefined {
  if (!known) return undefined;
  // Rows stored before request hashes were kept (migration 0009) replay by user and route, as then.
  const isSameRequest =
    known.userId === userId &&
    known.route === request.route &&
    (known.requestHash === null || known.requestHash === request.requestHash);
  if (!isSameRequest) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return known.response as T;
}

/**
 * Stores the first answer in the transaction of the change. Requests under other locks (another
 * organization's, or another route's) may race with the same new key: PostgreSQL makes the
 * later insert wait for the first transaction and then fail as a duplicate, which is then a
 * reuse (the same user's replay of the same route always shares the lock, so it is found above);
 * the whole transaction is rolled back.
 */
export async function rememberAnswer(
  tx: Tx,
  userId: string,
  request: IdempotentRequest,
  response: unknown,
  now: Date,
): Promise<void> {
  await storingAnswer(() => saveIdempotentAnswer(tx, userId, request, response, now));
}

/** Runs writes that store a first answer (as `rememberAnswer` says), a duplicate key a reuse. */
export async function storingAnswer<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error) === 'idempotency_keys_pkey') throw new AppError('IDEMPOTENCY_KEY_REUSED');
    throw error;
  }
}
