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

/** The stored first use of this key, whoever made it. */
export async function findIdempotencyKey(tx: DbOrTx, key: string) {
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

// A named statement (db/named-statement.ts): every idempotent command runs it.
const saveStatement = namedStatement(
  'idempotency_answer_save',
  `insert into idempotency_keys (key, user_id, route, request_hash, status_code, response, created_at)
   values ($1::text, $2::uuid, $3::text, $4::text, 200, $5::jsonb, to_timestamp($6::float8 / 1000))`,
);

/** Stores the first answer to the request; the key is unique, so a second first use fails. */
export async function saveIdempotentAnswer(
  tx: DbOrTx,
  userId: string,
  request: IdempotentRequest,
  response: unknown,
  now: Date,
): Promise<void> {
  await runNamed(tx, saveStatement, [
    request.key,
    userId,
    request.route,
    request.requestHash,
    JSON.stringify(response),
    now.getTime(),
  ]);
}
