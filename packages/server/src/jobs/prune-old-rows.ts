import { desc, lt, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { PRUNE_BATCH } from '../db/delete-in-batches';
import { pruneExpiredIdempotencyKeys } from '../db/idempotency.repository';
import { pruneOldNotifications } from '../db/notification.repository';
import { pruneHandledOutboxRows, pruneStaleOutboxRows } from '../db/outbox-retention.queries';
import { pruneEndedRateLimitWindows } from '../db/rate-limit.queries';
import { pruneSentReminders } from '../db/reminder.queries';
import { apiRequests } from '../db/schema';
import { pruneExpiredSessions } from '../db/session.repository';
import { pruneExpiredTokens } from '../db/token.repository';
import { pruneUsedCaptchas } from '../db/used-captchas.queries';
import { PUSH_TOPIC } from '../push/enqueue-push';
import { REALTIME_TOPIC } from '../realtime/enqueue-realtime';
import { PASSWORD_RESET_TOPIC } from '../use-cases/request-password-reset';

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
 * What is pruned, each on its own (one failing does not stop the others), and what it is named
 * by in the log: every table that grows with use and whose old rows nobody reads.
 */
function pruneSteps(deps: PruningDeps): [string, () => Promise<unknown>][] {
  const now = () => deps.clock.now();
  return [
    ['api request log', () => pruneApiRequests(deps.db, now(), deps.config.apiLog)],
    ['reminder keys', () => pruneSentReminders(deps.db, now())],
    // Every fund command writes a socket-event row; kept, they grew the table and its vacuums.
    [
      'outbox: handled rows',
      () => pruneHandledOutboxRows(deps.db, now(), [REALTIME_TOPIC, PUSH_TOPIC, PASSWORD_RESET_TOPIC]),
    ],
    [
      'outbox: resets asked for an hour ago',
      () => pruneStaleOutboxRows(deps.db, now(), PASSWORD_RESET_TOPIC, 3_600_000),
    ],
    ['idempotency keys', () => pruneExpiredIdempotencyKeys(deps.db, now())],
    ['rate limits', () => pruneEndedRateLimitWindows(deps.db, now())],
    ['sessions', () => pruneExpiredSessions(deps.db)],
    ['emailed tokens', () => pruneExpiredTokens(deps.db, now())],
    ['used captchas', () => pruneUsedCaptchas(deps.db)],
    ['old notifications', () => pruneOldNotifications(deps.db, now())],
  ];
}

interface PruningDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, 'apiLog'>;
}

/**
 * Prunes old rows (`pruneSteps`) at start and every ten minutes; returns the way to stop (waiting
 * for a prune under way). Each step is idempotent, so every instance runs it on its own timer.
 */
export function schedulePruning(deps: PruningDeps): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const steps = pruneSteps(deps);
  const run = () => {
    // A first prune after months of rows may outlast the interval: never two at once.
    if (busy) return;
    busy = true;
    running = (async () => {
      for (const [name, step] of steps) {
        try {
          const pruned = await step();
          // Routine prunes are small; a backlog (the first after an upgrade, a long stop) is news.
          if (pruned)
            deps.logger[Number(pruned) >= PRUNE_BATCH ? 'info' : 'debug']({ pruned }, `${name}: pruned`);
        } catch (error) {
          deps.logger.warn({ err: error }, `${name}: prune failed`);
        }
      }
    })().finally(() => {
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
