import type { FundView } from '@giro/contract/fund';
import type { FundCommand, FundState } from '@giro/domain/fund/fund-types';
import type { Tx } from '../../db/client';
import { type FundRow, lockedFunds, lockFundsStep, organizationMembers } from '../../db/fund.repository';
import {
  type FundCommandContext,
  fundCommandContextStep,
  fundCommandContextsOf,
} from '../../db/fund-command-context.queries';
import type { IdempotentRequest } from '../../db/idempotency.repository';
import { transactionOpenedWith } from '../../db/opened-transaction';
import type { AcceptedPayment } from '../../db/payment-preferences.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { fundCallTypes } from '../../notifications/open-calls';
import { failpoint } from '../../ops/failpoints';
import { fundView } from '../../views/fund.view';
import { replayOf, storingAnswer } from '../idempotent-answer';
import { applyFundCommand, type FundMember } from './apply-fund-command';
import { FundWriteBatch } from './fund-write-batch';

export interface RunOptions {
  /** The caller's Idempotency-Key: a replay answers the first answer and changes nothing. */
  idempotency?: IdempotentRequest | undefined;
  paymentMethodId?: string | null;
  /** The payment the command takes: its method is remembered with the change (issue 13). */
  acceptedPayment?: Omit<AcceptedPayment, 'userId'> | undefined;
}

/**
 * A member's command on their organization's fund. Another organization's fund id answers 404
 * as if it did not exist (api.md, Conventions). Alone, or committed together with other
 * members' commands that arrived meanwhile (fund-command-batches.ts).
 */
export function runFundCommand(
  deps: Deps,
  user: UserRow,
  fundId: string,
  command: FundCommand,
  options: RunOptions,
): Promise<FundView> {
  return deps.fundCommands.run(user, fundId, command, options);
}

/** A member's command on their organization's fund, in a transaction of its own. */
export async function runFundCommandAlone(
  deps: Deps,
  user: UserRow,
  fundId: string,
  command: FundCommand,
  options: RunOptions,
): Promise<FundView> {
  return withLockedFund(deps, user, fundId, options, async (tx, fund, context, batch) => {
    const { state, membersAfter } = await applyFundCommand(tx, deps, fund, command, {
      ...options,
      batch,
      members: context.members,
      payoutAccounts: context.payoutAccounts,
      calls: context.calls,
    });
    return { state, members: membersAfter };
  });
}

/**
 * The frame every member's fund action runs in: the caller's organization's fund locked
 * (another organization's id is 404) and what the command needs read, both sent with the
 * transaction's `begin` (db/opened-transaction.ts); the Idempotency-Key answered from its first
 * answer; the work into a write batch, then the writes with the view stored for the key and the
 * accepted payment's method (one statement for a member's command, sent with the commit); then
 * the outbox woken once the transaction committed, and the deadline worker if the change made
 * something due before it would wake (FundWriteBatch.dueAt). A key another request stored meanwhile
 * fails that statement, and so the transaction: IDEMPOTENCY_KEY_REUSED.
 */
export async function withLockedFund(
  deps: Deps,
  user: UserRow,
  fundId: string,
  options: RunOptions,
  /** The new state, and the members if it read them and they did not change (read once). */
  work: (
    tx: Tx,
    fund: FundRow,
    context: FundCommandContext,
    /** Where the work writes: flushed here, with the answer. */
    batch: FundWriteBatch,
  ) => Promise<{ state: FundState; members?: readonly FundMember[] | undefined }>,
): Promise<FundView> {
  if (!user.familyId) throw new AppError('NO_ROTATING_FUND');
  const organizationId = user.familyId;
  const { idempotency } = options;
  const asked = [{ organizationId, idempotencyKey: idempotency?.key }];
  let due: number | null = null;
  const opening = [lockFundsStep([organizationId]), fundCommandContextStep(asked, fundCallTypes)];
  const view = await storingAnswer(() =>
    transactionOpenedWith(deps.db, opening, async (tx, [locked, read], sendWithCommit) => {
      due = null;
      const [context] = fundCommandContextsOf(read!, asked) as [FundCommandContext];
      const { fund, replayed } = openCommand(
        lockedFunds(locked!).get(organizationId),
        fundId,
        context,
        user,
        options,
      );
      if (replayed) return replayed;
      const batch = new FundWriteBatch(deps.clock.now(), deps.config.publicUrl);
      const { state, members } = await work(tx, fund, context, batch);
      const result = await answerCommand(tx, deps, batch, user, options, state, members);
      await batch.flush(tx, sendWithCommit);
      due = batch.dueAt();
      await failpoint('fund-command.before-commit');
      return result;
    }),
  );
  await failpoint('fund-command.after-commit');
  deps.kickOutbox();
  if (due !== null) deps.wakeDeadlinesBy(due);
  return view;
}

/**
 * What a member's command checks once its fund is locked and read, writing nothing: the fund is
 * the caller's organization's (else NO_ROTATING_FUND), and a request with a key used before is a
 * replay of its first answer (or IDEMPOTENCY_KEY_REUSED). Alone or in a batch alike.
 */
export function openCommand(
  fund: FundRow | undefined,
  fundId: string,
  context: FundCommandContext,
  user: UserRow,
  options: RunOptions,
): { fund: FundRow; replayed: FundView | undefined } {
  if (!fund || fund.id !== fundId) throw new AppError('NO_ROTATING_FUND');
  const { idempotency } = options;
  return {
    fund,
    replayed: idempotency ? replayOf<FundView>(context.known, user.id, idempotency) : undefined,
  };
}

/**
 * The fund's view after a member's command, with what goes into the writes beside it: the view
 * as the first answer under the request's key, and the accepted payment's method. The members
 * are read again only when the command changed them.
 */
export async function answerCommand(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  writes: FundWriteBatch,
  user: UserRow,
  options: RunOptions,
  state: FundState,
  members: readonly FundMember[] | undefined,
): Promise<FundView> {
  const view = fundView(state, members ?? (await organizationMembers(tx, user.familyId!)), deps.config);
  if (options.idempotency) writes.answer(user.id, options.idempotency, view);
  if (options.acceptedPayment) writes.acceptedPayment({ userId: user.id, ...options.acceptedPayment });
  return view;
}
