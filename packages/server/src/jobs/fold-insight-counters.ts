import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { foldCounterDeltas } from '../db/insights/counters.queries';

const FOLD_EVERY_MS = 60_000;

/**
 * Folds the insight counters' deltas at start and every minute, so that readers sum about a
 * minute of them besides the per-day counters; returns the way to stop (waiting for a fold under
 * way). Any instance may fold at any time: the figures are exact before, during and after.
 */
export function scheduleCounterFolding(deps: { db: Db; logger: Logger }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = foldCounterDeltas(deps.db).catch((error) =>
      deps.logger.warn({ err: error }, 'insight counters: fold failed'),
    );
  };
  run();
  const timer = setInterval(run, FOLD_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
