import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { deleteInBatches } from './delete-in-batches';
import { namedStatement, runNamed } from './named-statement';
import { idempotencyKeys } from './schema';

/** A request that carries an Idempotency-Key: the key, the route it names, and what it asks (a hash). */
export interface IdempotentRequest {
  key: string;
  /** The route's name in stored keys, e.g. `contributions`. */
  route: string;
  /** SHA-256 of method, route, path parameters and canonical body (routes/idempotent-request.ts). */
  requestHash: string;
}

/** The stored first use of a key, whoever made it. */
export interface KnownAnswer {
  userId: string;
  route: string;
  /** Null on rows stored before request hashes were kept (migration 0009). */
  requestHash: string | null;
  response: unknown;
}

/** A request's first answer, to be stored under its key. */
export interface FirstAnswer {
  userId: string;
  request: IdempotentRequest;
  response: unknown;
}

/** The stored first use of this key, whoever made it. */
export async function findIdempotencyKey(tx: DbOrTx, key: string): Promise<KnownAnswer | undefined> {
  const [row] = await tx
    .select({
      userId: idempotencyKeys.userId,
      route: idempotencyKeys.route,
      requestHash: idempotencyKeys.requestHash,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key))
    .limit(1);
  return row;
}

/**
 * The SQL of first answers' rows, as a clause of a WITH (`answers`): the answers are one JSON
 * array (`answerRowsValue`), `now` epoch milliseconds; a key stored before fails the
 * statement. Shared with the fund changes' statement (db/fund-changes.statement.ts).
 */
export function answerRowsSql(p: { answers: string; now: string }): string {
  return `answers as (
     insert into idempotency_keys (key, user_id, route, request_hash, status_code, response, created_at)
     select a.key, a.user_id, a.route, a.request_hash, 200, a.response, to_timestamp(${p.now}::float8 / 1000)
     from jsonb_to_recordset(${p.answers}::jsonb)
       as a(key text, user_id uuid, route text, request_hash text, response jsonb)
     returning 1)`;
}

/** The parameter of `answerRowsSql`: the answers as one JSON array. */
export function answerRowsValue(answers: readonly FirstAnswer[]): string {
  return JSON.stringify(
    answers.map(({ userId, request, response }) => ({
      key: request.key,
      user_id: userId,
      route: request.route,
      request_hash: request.requestHash,
      response,
    })),
  );
}

// A named statement (db/named-statement.ts): every idempotent command runs it.
const saveStatement = namedStatement(
  'idempotency_answer_save',
  `with ${answerRowsSql({ answers: '$1', now: '$2' })} select count(*) from answers`,
);

/** Stores the first answer to the request; the key is unique, so a second first use fails. */
export async function saveIdempotentAnswer(
  tx: DbOrTx,
  userId: string,
  request: IdempotentRequest,
  response: unknown,
  now: Date,
): Promise<void> {
  await runNamed(tx, saveStatement, [answerRowsValue([{ userId, request, response }]), now.getTime()]);
}

/**
 * How long a key answers its replays. A client retries within minutes, a phone's queued change
 * within days; Stripe keeps its own keys a day. Kept for ever, every money request's 4 KB answer
 * grew the table without end.
 */
export const IDEMPOTENCY_KEY_DAYS = 30;

/**
 * Deletes the keys first used more than `IDEMPOTENCY_KEY_DAYS` ago, oldest first, in batches
 * (a first prune is many short transactions); returns how many. A replay after that is a new
 * request. Idempotent, so every instance may run it.
 */
export function pruneExpiredIdempotencyKeys(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000);
  return deleteInBatches(
    db,
    idempotencyKeys,
    idempotencyKeys.key,
    lt(idempotencyKeys.createdAt, before),
    idempotencyKeys.createdAt,
  );
}
