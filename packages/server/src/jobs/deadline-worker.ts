import type { Logger } from 'pino';
import type { Db } from '../db/client';
import {
  claimDueFunds,
  earliestDeadline,
  membersOfOrganizations,
  postponeDeadline,
} from '../db/fund.repository';
import { activePayoutAccounts } from '../db/payout-account.repository';
import { earliestReminder } from '../db/reminder.queries';
import { claimDueRequests, earliestRequestDeadline, postponeRequestDeadline } from '../db/request.repository';
import type { Deps } from '../deps';
import { remindUnansweredRepayments } from '../use-cases/debts/remind-unanswered-repayments';
import { applyFundCommand } from '../use-cases/fund/apply-fund-command';
import { FundWriteBatch } from '../use-cases/fund/fund-write-batch';
import { giveDueReminders } from '../use-cases/fund/give-due-reminders';
import { applyRequestCommand } from '../use-cases/requests/apply-request-command';
import { sendWeeklySummaries } from '../use-cases/send-weekly-summaries';
import { WakeableWorker } from './wakeable-worker';

const BATCH = 50;
const RETRY_MS = 60_000;

/**
 * Processes fund and funding-request deadlines that have come due (domain.md: deadlines are processed by the
 * server, never by a browser). Each fund is claimed with `FOR UPDATE SKIP LOCKED` and handled
 * in its own transaction, so several instances share the work and none handles one twice.
 * It sleeps until the earliest deadline, and is woken by every fund change and clock jump.
 */
export class DeadlineWorker extends WakeableWorker {
  constructor(
    private readonly db: Db,
    private readonly deps: Pick<Deps, 'clock' | 'config' | 'kickOutbox'>,
    logger: Logger,
  ) {
    super(logger, 'deadline processing');
  }

  protected now(): number {
    return this.deps.clock.now().getTime();
  }

  protected async nextDueAt(): Promise<number | null> {
    const times = (
      await Promise.all([
        earliestDeadline(this.db),
        earliestRequestDeadline(this.db),
        earliestReminder(this.db),
      ])
    )
      .filter((d) => d !== null)
      .map((d) => d.getTime());
    return times.length > 0 ? Math.min(...times) : null;
  }

  /**
   * Processes every fund and request state whose deadline is due now, then the reminders due
   * (after the deadlines: a window that just closed has no reminder left). Returns how many
   * were handled.
   */
  async drain(): Promise<number> {
    const handled = (await this.drainFunds()) + (await this.drainRequests()) + (await this.drainReminders());
    return handled + (await this.hourlySweep());
  }

  /**
   * The hour the sweeps below were last run: once an hour is enough for the weekly summaries
   * (Monday 09:00) and for the creditors asked to answer a repayment declared days ago.
   */
  private sweepHour = -1;

  private async hourlySweep(): Promise<number> {
    const hour = Math.floor(this.deps.clock.now().getTime() / 3_600_000);
    if (hour === this.sweepHour) return 0;
    // Each in its own transaction: one that fails does not hold the other back.
    const sent =
      (await this.db.transaction((tx) => sendWeeklySummaries(tx, this.deps))) +
      (await this.db.transaction((tx) => remindUnansweredRepayments(tx, this.deps)));
    this.sweepHour = hour;
    if (sent > 0) this.deps.kickOutbox();
    return sent;
  }

  private async drainReminders(): Promise<number> {
    let handled = 0;
    for (;;) {
      const count = await this.db.transaction((tx) => giveDueReminders(tx, this.deps, BATCH));
      handled += count;
      if (count > 0) this.deps.kickOutbox();
      if (count < BATCH) return handled;
    }
  }

  private async drainFunds(): Promise<number> {
    let handled = 0;
    for (;;) {
      let count: number;
      try {
        count = await this.drainFundBatch();
      } catch (error) {
        // One fund broke the batch: go fund by fund, so the others still move and it is postponed.
        this.logger.warn({ err: error }, 'fund deadline batch failed; processing one by one');
        count = await this.drainFundsOneByOne();
      }
      handled += count;
      if (count > 0) this.deps.kickOutbox();
      if (count < BATCH) return handled;
    }
  }

  /** A claimed batch in one transaction: context read once, all writes in a few statements. */
  private async drainFundBatch(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const due = await claimDueFunds(tx, now, BATCH);
      if (due.length === 0) return 0;
      const members = await membersOfOrganizations(
        tx,
        due.map((fund) => fund.organizationId),
      );
      const everyone = [...members.values()].flat().map((m) => m.id);
      const participants = due.flatMap((fund) => fund.state.participants);
      const payoutAccounts = await activePayoutAccounts(tx, [...new Set([...everyone, ...participants])]);
      const batch = new FundWriteBatch(now, this.deps.config.publicUrl);
      for (const fund of due) {
        await applyFundCommand(
          tx,
          this.deps,
          fund,
          { type: 'DeadlinePassed' },
          { batch, members: members.get(fund.organizationId) ?? [], payoutAccounts },
        );
      }
      await batch.flush(tx);
      return due.length;
    });
  }

  private async drainFundsOneByOne(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await claimDueFunds(tx, this.deps.clock.now(), BATCH);
      for (const fund of due) {
        try {
          // A savepoint per fund: one fund's failure must not undo the others' work.
          await tx.transaction((sp) => applyFundCommand(sp, this.deps, fund, { type: 'DeadlinePassed' }));
        } catch (error) {
          this.logger.error({ err: error, fundId: fund.id }, 'fund deadline failed; retrying in a minute');
          await postponeDeadline(tx, fund.id, new Date(this.deps.clock.now().getTime() + RETRY_MS));
        }
      }
      return due.length;
    });
  }

  /** An organization's active request expiring: the same claim, one savepoint per organization. */
  private async drainRequests(): Promise<number> {
    let handled = 0;
    for (;;) {
      const count = await this.db.transaction(async (tx) => {
        const due = await claimDueRequests(tx, this.deps.clock.now(), BATCH);
        for (const row of due) {
          try {
            await tx.transaction((sp) =>
              applyRequestCommand(sp, this.deps, row, { type: 'RequestDeadlinePassed' }),
            );
          } catch (error) {
            this.logger.error(
              { err: error, organizationId: row.organizationId },
              'request deadline failed; retrying in a minute',
            );
            const retryAt = new Date(this.deps.clock.now().getTime() + RETRY_MS);
            await postponeRequestDeadline(tx, row.organizationId, retryAt);
          }
        }
        return due.length;
      });
      handled += count;
      if (count > 0) this.deps.kickOutbox();
      if (count < BATCH) return handled;
    }
  }
}
