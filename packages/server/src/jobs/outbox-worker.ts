import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import {
  type ClaimedOutboxRow,
  claimDueOutboxRows,
  markOutboxRowsHandled,
  nextOutboxRowDue,
} from '../db/outbox.queries';
import { outbox } from '../db/schema';
import { failpoint } from '../ops/failpoints';
import { WakeableWorker } from './wakeable-worker';

export type OutboxRow = ClaimedOutboxRow;
export type OutboxHandler = (row: OutboxRow) => Promise<void>;
/** A topic whose rows are cheap and independent may take a whole claimed batch in one call. */
export interface BatchOutboxHandler {
  batch(rows: OutboxRow[]): Promise<void>;
}

const LEASE_MS = 60_000;

/**
 * Drains the outbox. Rows are claimed with a lease (`FOR UPDATE SKIP LOCKED`, and
 * `available_at` pushed past the lease, in one statement: db/outbox.queries.ts) and
 * handled after it, so several instances share the work and a crash mid-send only delays the
 * row until the lease runs out: delivery is at-least-once, and handlers are idempotent.
 */
export class OutboxWorker extends WakeableWorker {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly handlers: Record<string, OutboxHandler | BatchOutboxHandler>,
    logger: Logger,
  ) {
    super(logger, 'outbox drain');
  }

  protected now(): number {
    return this.clock.now().getTime();
  }

  protected async nextDueAt(): Promise<number | null> {
    return nextOutboxRowDue(this.db);
  }

  /** Handles every row that is due now; returns how many were handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await this.claim();
      if (rows.length === 0) return handled;
      await failpoint('outbox.claimed');
      const done: number[] = [];
      // In the order they were written: a card hold's timer comes before a payout that became
      // due at the same moment, after a pause (payments/hold-capture.ts). A batch topic's rows
      // go together, where its first one is.
      const batched = new Set<string>();
      for (const row of rows) {
        const handler = this.handlers[row.topic];
        if (handler && 'batch' in handler) {
          if (batched.has(row.topic)) continue;
          batched.add(row.topic);
          const group = rows.filter((r) => r.topic === row.topic);
          if (await this.attempt(group, () => handler.batch(group))) done.push(...group.map((r) => r.id));
        } else if (await this.attempt([row], () => this.handleOne(row))) done.push(row.id);
      }
      await failpoint('outbox.handled');
      // One write marks the whole batch: a row's own update would cost a commit each.
      if (done.length > 0) await markOutboxRowsHandled(this.db, done, this.clock.now());
      handled += rows.length;
    }
  }

  private claim(): Promise<OutboxRow[]> {
    const now = this.clock.now();
    return claimDueOutboxRows(this.db, now, new Date(now.getTime() + LEASE_MS));
  }

  private async handleOne(row: OutboxRow): Promise<void> {
    const handler = this.handlers[row.topic];
    if (!handler || 'batch' in handler) throw new Error(`no handler for outbox topic ${row.topic}`);
    await handler(row);
  }

  /** Runs the work; on failure keeps the error and retries the rows later, with backoff. */
  private async attempt(rows: OutboxRow[], work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      for (const row of rows) {
        const backoffMs = Math.min(2 ** row.attempts * 1000, 15 * 60_000);
        this.logger.warn({ err: error, outboxId: row.id, topic: row.topic }, 'outbox row failed; will retry');
        await this.db
          .update(outbox)
          .set({
            lastError: String(error).slice(0, 1000),
            availableAt: new Date(this.clock.now().getTime() + backoffMs),
          })
          .where(eq(outbox.id, row.id));
      }
      return false;
    }
  }
}
