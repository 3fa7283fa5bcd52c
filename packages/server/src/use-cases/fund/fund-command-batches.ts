import type { FundView } from '@giro/contract/fund';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import { type FundRow, lockedFunds, lockFundsStep } from '../../db/fund.repository';
import { fundCommandContextStep, fundCommandContextsOf } from '../../db/fund-command-context.queries';
import { transactionOpenedWith } from '../../db/opened-transaction';
import { sqlStateOf } from '../../db/pg-errors';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { fundCallTypes } from '../../notifications/open-calls';
import { failpoint } from '../../ops/failpoints';
import { applyFundDecision, decideFundCommand, type FundDecision, fundContext } from './apply-fund-command';
import { FundWriteBatch } from './fund-write-batch';
import { answerCommand, openCommand, type RunOptions, runFundCommandAlone } from './run-fund-command';

/** A member's command waiting for its batch, and how to answer it. */
interface Waiting {
  user: UserRow;
  organizationId: string;
  fundId: string;
  command: FundCommand;
  options: RunOptions;
  resolve(view: FundView): void;
  reject(error: unknown): void;
}

type Outcome = { view: FundView } | { error: unknown };

export interface BatchLimits {
  /** Batches in one transaction each at once: while one commits, the next is decided. */
  inFlight: number;
  /** Commands in one batch at most. */
  commands: number;
  /** Commands a batch needs to start beside one in flight. */
  beside: number;
}

/**
 * Members' fund commands that arrive together, committed together (issue 15, ADR 0037): group
 * commit, as a database does it with its log. A command that finds no batch running is sent at
 * once, alone, as `runFundCommandAlone` runs it. Those that arrive while batches are in flight
 * wait for the next, which takes every waiting command of an organization that has none in
 * flight (one per organization: a second waits its turn, as it would for the fund's lock) and
 * runs them in one transaction: every fund locked and read in the transaction's opening (one
 * statement each), each command decided on its own fund, every change written by one statement
 * (fund-write-batch.ts) with each request's first answer under its key, one commit. Each fund's
 * change is still whole or absent, as alone; only the commit is shared, and it is what a busy
 * server paid for most.
 *
 * A command the decider refuses, a replay and a reused key are answered from the batch and
 * write nothing. Anything else that fails the transaction (a key another request stored
 * meanwhile, a deadlock with another instance's batch) rolls back the whole batch, and then each
 * of its commands runs again alone and answers exactly as it would have.
 */
export class FundCommandBatches {
  private readonly waiting: Waiting[] = [];
  /** Organizations with a command in flight: their next command waits for it. */
  private readonly busy = new Set<string>();
  private inFlight = 0;

  constructor(
    private readonly deps: () => Deps,
    private readonly limits: BatchLimits = { inFlight: 2, commands: 32, beside: 8 },
  ) {}

  /** Runs the command (in a batch when others are under way); the fund's view after it. */
  run(user: UserRow, fundId: string, command: FundCommand, options: RunOptions): Promise<FundView> {
    const organizationId = user.familyId;
    if (!organizationId) return Promise.reject(new AppError('NO_ROTATING_FUND'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ user, organizationId, fundId, command, options, resolve, reject });
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.inFlight < this.limits.inFlight) {
      // Alone, a command goes at once; beside a batch in flight, a new one waits until it is
      // worth its round trips (a batch of one or two beside another costs both their latency).
      const batch = this.take(this.inFlight === 0 ? 1 : this.limits.beside);
      if (batch.length === 0) return;
      this.inFlight++;
      for (const { organizationId } of batch) this.busy.add(organizationId);
      void this.runBatch(batch).finally(() => {
        for (const { organizationId } of batch) this.busy.delete(organizationId);
        this.inFlight--;
        this.startBatches();
      });
    }
  }

  /**
   * The oldest waiting command of each organization with none in flight, in arrival order, if
   * there are at least `least` of them; else none.
   */
  private take(least: number): Waiting[] {
    const taken: number[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < this.waiting.length && taken.length < this.limits.commands; i++) {
      const { organizationId } = this.waiting[i]!;
      if (!this.busy.has(organizationId) && !seen.has(organizationId)) taken.push(i);
      seen.add(organizationId);
    }
    if (taken.length < least) return [];
    const batch = taken.map((i) => this.waiting[i]!);
    for (const i of taken.reverse()) this.waiting.splice(i, 1);
    return batch;
  }

  private async runBatch(batch: Waiting[]): Promise<void> {
    const deps = this.deps();
    const alone = (w: Waiting) =>
      runFundCommandAlone(deps, w.user, w.fundId, w.command, w.options).then(w.resolve, w.reject);
    if (batch.length === 1) return alone(batch[0]!);
    let outcomes: Outcome[];
    let due: number | null;
    try {
      ({ outcomes, due } = await commitTogether(deps, batch));
    } catch (error) {
      if (error instanceof Retry) {
        deps.logger.debug({ err: error.cause, commands: batch.length }, 'fund command batch: each alone');
        await Promise.all(batch.map(alone));
      } else for (const w of batch) w.reject(error);
      return;
    }
    await failpoint('fund-command.after-commit');
    deps.kickOutbox();
    if (due !== null) deps.wakeDeadlinesBy(due);
    outcomes.forEach((outcome, i) => {
      const w = batch[i]!;
      if ('view' in outcome) w.resolve(outcome.view);
      else w.reject(outcome.error);
    });
  }
}

/** The batch's transaction failed before its commit: nothing of it was written. */
class Retry extends Error {}

/**
 * The batch in one transaction; each command's outcome, in the batch's order. A command's own
 * refusal is its outcome; a failure of the writes throws Retry (rolled back, so each may run
 * again alone), as does a statement PostgreSQL refused at the commit; any other failure there
 * (the connection lost at the commit, when it may have committed) is thrown as it is.
 */
async function commitTogether(
  deps: Deps,
  batch: readonly Waiting[],
): Promise<{ outcomes: Outcome[]; due: number | null }> {
  const asked = batch.map((w) => ({
    organizationId: w.organizationId,
    idempotencyKey: w.options.idempotency?.key,
  }));
  const opening = [
    lockFundsStep(asked.map((a) => a.organizationId)),
    fundCommandContextStep(asked, fundCallTypes),
  ];
  let beforeCommit = true;
  try {
    return await transactionOpenedWith(deps.db, opening, async (tx, [locked, read], sendWithCommit) => {
      try {
        const funds = lockedFunds(locked!);
        const contexts = fundCommandContextsOf(read!, asked);
        const writes = new FundWriteBatch(deps.clock.now(), deps.config.publicUrl);
        const outcomes: Outcome[] = [];
        for (const [i, { user, organizationId, fundId, command, options }] of batch.entries()) {
          const context = contexts[i]!;
          let fund: FundRow;
          let decided: FundDecision;
          try {
            const opened = openCommand(funds.get(organizationId), fundId, context, user, options);
            fund = opened.fund;
            const { replayed } = opened;
            if (replayed) {
              outcomes[i] = { view: replayed };
              continue;
            }
            const ids = context.members.map((m) => m.id);
            const ctx = await fundContext(tx, deps, fund.state, ids, context.payoutAccounts);
            decided = decideFundCommand(ctx, fund, command);
          } catch (error) {
            // Refused before anything of it was written: the others go on.
            outcomes[i] = { error };
            continue;
          }
          const { state, membersAfter } = await applyFundDecision(tx, deps, fund, decided, {
            paymentMethodId: options.paymentMethodId,
            batch: writes,
            members: context.members,
            payoutAccounts: context.payoutAccounts,
            calls: context.calls,
          });
          outcomes[i] = { view: await answerCommand(tx, deps, writes, user, options, state, membersAfter) };
        }
        await writes.flush(tx, sendWithCommit);
        await failpoint('fund-command.before-commit');
        beforeCommit = false;
        return { outcomes, due: writes.dueAt() };
      } catch (error) {
        throw new Retry('fund command batch', { cause: error });
      }
    });
  } catch (error) {
    if (error instanceof Retry) throw error;
    if (beforeCommit || sqlStateOf(error)) throw new Retry('fund command batch', { cause: error });
    throw error;
  }
}
