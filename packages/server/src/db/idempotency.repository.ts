import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
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
 * The SQL of a first answer's row, as a clause of a WITH (`answer`); nothing is written when
 * the key is null. Shared with the fund change's statement (db/fund-change.statement.ts).
 */
export function answerRowSql(p: {
  key: string;
  user: string;
  route: string;
  hash: string;
  response: string;
  now: string;
}): string {
  return `answer as (
     insert into idempotency_keys (key, user_id, route, request_hash, status_code, response, created_at)
     select ${p.key}::text, ${p.user}::uuid, ${p.route}::text, ${p.hash}::text, 200, ${p.response}::jsonb,
       to_timestamp(${p.now}::float8 / 1000)
     where ${p.key}::text is not null returning 1)`;
}

/** The parameters of `answerRowSql`, in its order, for a request's first answer (or none). */
export function answerRowValues(answer: FirstAnswer | undefined): unknown[] {
  if (!answer) return [null, null, null, null, null];
  const { userId, request, response } = answer;
  return [request.key, userId, request.route, request.requestHash, JSON.stringify(response)];
}

// A named statement (db/named-statement.ts): every idempotent command runs it.
const saveStatement = namedStatement(
  'idempotency_answer_save',
  `with ${answerRowSql({ key: '$1', user: '$2', route: '$3', hash: '$4', response: '$5', now: '$6' })}
   select count(*) from answer`,
);

/** Stores the first answer to the request; the key is unique, so a second first use fails. */
export async function saveIdempotentAnswer(
  tx: DbOrTx,
  userId: string,
  request: IdempotentRequest,
  response: unknown,
  now: Date,
): Promise<void> {
  await runNamed(tx, saveStatement, [...answerRowValues({ userId, request, response }), now.getTime()]);
}
