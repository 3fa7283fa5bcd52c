import type { Logger } from 'pino';
import { type ReconcileDeps, reconcileHourly } from '../use-cases/admin/reconcile-payments';

const LOOK_EVERY_MS = 10 * 60_000;

/**
 * Looks every ten minutes whether the hourly reconciliation is due (an hour after the last run
 * started, on any instance) and runs it if this instance claims it; returns the way to stop
 * (waiting for a run under way). Not at start: an instance that restarts often (a deploy, the
 * tests) does not read every provider object each time.
 */
export function scheduleReconciliation(deps: ReconcileDeps & { logger: Logger }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = reconcileHourly(deps)
      .then((run) => {
        if (run && (run.differences.length > 0 || run.error))
          deps.logger.error(
            { reconciliation: run.id, differences: run.differences.length, error: run.error },
            'reconciliation: the ledger and the payment provider differ',
          );
      })
      .catch((error) => deps.logger.warn({ err: error }, 'reconciliation: run failed'));
  }, LOOK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
