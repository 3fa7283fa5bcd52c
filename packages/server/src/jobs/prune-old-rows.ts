import { desc, lt, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { pruneExpiredIdempotencyKeys } from '../db/idempotency.repository';
import { pruneHandledOutboxRows } from '../db/outbox-retention.queries';
import { pruneEndedRateLimitWindows } from '../db/rate-limit.queries';
import { pruneSentReminders } from '../db/reminder.queries';
import { apiRequests } from '../db/schema';
import { PUSH_TOPIC } from '../push/enqueue-push';
import { REALTIME_TOPIC } from '../realtime/enqueue-realtime';

/**
 * Bounds the API request log: nothing older than `maxAgeDays`, and at most `maxRows` rows (the
 * newest kept). Idempotent, so every instance may run it on its own timer.
 */
export async function pruneApiRequests(
  db: Db,
  now: Date,
  retention: { maxRows: number; maxAgeDays: number },
): Promise<void> {
  await db
    .delete(apiRequests)
    .where(lt(apiRequests.at, new Date(now.getTime() - retention.maxAgeDays * 86_400_000)));
  const [edge] = await db
    .select({ id: apiRequests.id })
    .from(apiRequests)
    .orderBy(desc(apiRequests.id))
    .offset(retention.maxRows)
    .limit(1);
  if (edge) await db.delete(apiRequests).where(lte(apiRequests.id, edge.id));
}

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Prunes the API request log, old reminder keys, the outbox's handled socket-event and push rows
 * (every fund command writes one; kept, they grew the table and its vacuums without end) and
 * expired Idempotency-Keys and the rate limits' ended windows at start and every ten minutes; returns the way to stop (waiting for a prune under way).
 */
export function schedulePruning(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, 'apiLog'>;
}): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    // A first prune after months of rows may outlast the interval: never two at once.
    if (busy) return;
    busy = true;
    running = pruneApiRequests(deps.db, deps.clock.now(), deps.config.apiLog)
      .catch((error) => deps.logger.warn({ err: error }, 'api request log: prune failed'))
      .then(() => pruneSentReminders(deps.db, deps.clock.now()))
      .catch((error) => deps.logger.warn({ err: error }, 'reminder keys: prune failed'))
      .then(async () => {
        const pruned = await pruneHandledOutboxRows(deps.db, deps.clock.now(), [REALTIME_TOPIC, PUSH_TOPIC]);
        if (pruned > 0) deps.logger.info({ pruned }, 'outbox: handled rows pruned');
      })
      .catch((error) => deps.logger.warn({ err: error }, 'outbox: prune failed'))
      .then(async () => {
        const pruned = await pruneExpiredIdempotencyKeys(deps.db, deps.clock.now());
        if (pruned > 0) deps.logger.info({ pruned }, 'idempotency keys: expired ones pruned');
      })
      .catch((error) => deps.logger.warn({ err: error }, 'idempotency keys: prune failed'))
      .then(async () => {
        await pruneEndedRateLimitWindows(deps.db, deps.clock.now());
      })
      .catch((error) => deps.logger.warn({ err: error }, 'rate limits: prune failed'))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, PRUNE_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
