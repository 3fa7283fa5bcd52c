import { randomUUID } from 'node:crypto';
import { DomainError } from '@giro/domain/errors';
import { nextDeadline } from '@giro/domain/fund/deadlines';
import { decide } from '@giro/domain/fund/decide';
import { evolve } from '@giro/domain/fund/evolve';
import type { FundCommand, FundContext, FundEvent, FundState } from '@giro/domain/fund/fund-types';
import { fundPostings } from '@giro/domain/fund/postings';
import type { LedgerTransaction } from '@giro/domain/ledger';
import { payoutStillOwed } from '@giro/domain/requests/at-rest';
import type { DbOrTx } from '../../db/client';
import { type FundRow, organizationMembers } from '../../db/fund.repository';
import type { FundCall } from '../../db/notification.repository';
import { activePayoutAccounts } from '../../db/payout-account.repository';
import { lockRequestsOfOrganization } from '../../db/request.repository';
import type { Deps } from '../../deps';
import { cardReturnUrl } from '../../payments/payment-operations';
import { fundWireEvents } from '../../realtime/wire-events';
import { cancelOwnRequests } from '../requests/cancel-own-requests';
import { payoutFailedNote } from '../requests/request-effects';
import { applyFundEffects } from './fund-effects';
import { FundWriteBatch } from './fund-write-batch';

/** A member as the fund's decisions, effects and view name them. */
export type FundMember = { id: string; displayName: string; language?: string | null };

export interface FundCommandOptions {
  paymentMethodId?: string | null;
  /** Writes into the caller's batch (flushed by the caller) instead of writing at once. */
  batch?: FundWriteBatch;
  /** The organization's members and who has a payout account, when the caller loaded them already. */
  members?: readonly FundMember[];
  payoutAccounts?: Set<string>;
  /** The organization's open calls to act, when the caller loaded them already. */
  calls?: readonly FundCall[];
}

/** What `applyFundCommand` did: the events, the new state, and the members after it. */
export interface AppliedFundCommand {
  events: FundEvent[];
  state: FundState;
  /** The members read for the decision, unless someone was expelled by it. */
  membersAfter: readonly FundMember[] | undefined;
}

/** The decider's context: the time, the test clock, who can receive payouts, fresh ids. */
export async function fundContext(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  state: FundState,
  memberIds: string[],
  known?: Set<string>,
) {
  const payout =
    known ?? (await activePayoutAccounts(tx, [...new Set([...memberIds, ...state.participants])]));
  const ctx: FundContext = {
    now: deps.clock.now().getTime(),
    testClock: deps.config.testClock,
    hasPayoutAccount: (userId) => payout.has(userId),
    newId: randomUUID,
  };
  return ctx;
}

/** A command decided on a fund's state and not yet written: its events, the new state, the postings. */
export interface FundDecision {
  events: FundEvent[];
  state: FundState;
  postings: LedgerTransaction[];
  nextDeadline: number | null;
}

/**
 * Decides the command on the fund's state and folds its events, writing nothing: a refused
 * command throws its DomainError here, before anything is written, which is what lets a batch
 * of members' commands answer one refusal and still commit the others
 * (use-cases/fund/fund-command-batches.ts).
 */
export function decideFundCommand(ctx: FundContext, fund: FundRow, command: FundCommand): FundDecision {
  const events = decide(fund.state, command, ctx);
  if (events instanceof DomainError) throw events;
  let state = fund.state;
  const postings: LedgerTransaction[] = [];
  for (const event of events) {
    postings.push(...fundPostings(state, event));
    state = evolve(state, event);
  }
  return { events, state, postings, nextDeadline: nextDeadline(state, ctx) };
}

/**
 * One state change of a fund, whole, in the caller's transaction (the fund row is locked):
 * decide, evolve, then write the state with its next deadline, the events, the ledger
 * postings, what the events cause (notifications, payments, expulsions) and the socket events.
 * A refused command throws its DomainError and writes nothing.
 */
export async function applyFundCommand(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  fund: FundRow,
  command: FundCommand,
  options: FundCommandOptions = {},
): Promise<AppliedFundCommand> {
  const members = options.members ?? (await organizationMembers(tx, fund.organizationId));
  const ctx = await fundContext(
    tx,
    deps,
    fund.state,
    members.map((m) => m.id),
    options.payoutAccounts,
  );
  return applyFundDecision(tx, deps, fund, decideFundCommand(ctx, fund, command), { ...options, members });
}

/**
 * Writes a decided command (`decideFundCommand`) in the caller's transaction: what its events
 * cause outside the fund, then the fund's change into the batch (flushed here without one).
 */
export async function applyFundDecision(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  fund: FundRow,
  decision: FundDecision,
  options: FundCommandOptions & { members: readonly FundMember[] },
): Promise<AppliedFundCommand> {
  const now = deps.clock.now();
  const { events, state, postings, members } = { ...decision, members: options.members };
  const notes = await applyFundEffects(tx, {
    organizationId: fund.organizationId,
    before: fund.state,
    after: state,
    events,
    names: new Map(members.map((m) => [m.id, m.displayName])),
    paymentMethodId: options.paymentMethodId ?? null,
    cardReturnUrl: cardReturnUrl(deps.config.publicUrl),
    now,
  });
  // An expelled member's funding requests end with their membership: an active one would go on
  // collecting the family's money and pay it out to someone outside, and only its owner (who can
  // no longer act in the organization) could cancel it. Cancelling gives back what it holds.
  // A payout already failed stays theirs (ADR 0057): they are told again where to retry it, on
  // its own page, which their earlier notice (to Requests, now closed to them) may not lead to.
  for (const event of events)
    if (event.type === 'MemberExpelled') {
      const requests = await lockRequestsOfOrganization(tx, fund.organizationId);
      await cancelOwnRequests(tx, deps, requests, event.memberId, ['pending', 'active']);
      for (const r of requests.state.requests)
        if (r.ownerId === event.memberId && r.payout?.status === 'failed' && payoutStillOwed(r))
          notes.push(payoutFailedNote(r));
    }
  const wire = fundWireEvents(fund.id, events);
  if (notes.length > 0) wire.push({ type: 'NOTIFICATION_CREATED', at: now.toISOString() });
  const batch = options.batch ?? new FundWriteBatch(now, deps.config.publicUrl);
  batch.add(
    { fund, state, events, nextDeadline: decision.nextDeadline },
    postings,
    notes,
    wire,
    options.calls,
  );
  if (!options.batch) await batch.flush(tx);
  // The members read for the decision are still the members, unless someone was expelled.
  const membersAfter = events.some((e) => e.type === 'MemberExpelled') ? undefined : members;
  return { events, state, membersAfter };
}
