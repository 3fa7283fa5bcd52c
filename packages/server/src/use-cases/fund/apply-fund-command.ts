import { randomUUID } from 'node:crypto';
import { DomainError } from '@giro/domain/errors';
import { nextDeadline } from '@giro/domain/fund/deadlines';
import { decide } from '@giro/domain/fund/decide';
import { evolve } from '@giro/domain/fund/evolve';
import type { FundCommand, FundContext, FundEvent, FundState } from '@giro/domain/fund/fund-types';
import { fundPostings } from '@giro/domain/fund/postings';
import type { LedgerTransaction } from '@giro/domain/ledger';
import type { DbOrTx } from '../../db/client';
import { activePayoutAccounts, type FundRow, organizationMembers, saveFund } from '../../db/fund.repository';
import { bookPostings } from '../../db/ledger.repository';
import type { Deps } from '../../deps';
import { enqueueRealtime } from '../../realtime/enqueue-realtime';
import { fundWireEvents } from '../../realtime/wire-events';
import { applyFundEffects } from './fund-effects';

export interface FundCommandOptions {
  paymentMethodId?: string | null;
}

/** The decider's context: the time, the test clock, who can receive payouts, fresh ids. */
export async function fundContext(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  state: FundState,
  memberIds: string[],
) {
  const payout = await activePayoutAccounts(tx, [...new Set([...memberIds, ...state.participants])]);
  const ctx: FundContext = {
    now: deps.clock.now().getTime(),
    testClock: deps.config.testClock,
    hasPayoutAccount: (userId) => payout.has(userId),
    newId: randomUUID,
  };
  return ctx;
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
): Promise<{ events: FundEvent[]; state: FundState }> {
  const now = deps.clock.now();
  const members = await organizationMembers(tx, fund.organizationId);
  const ctx = await fundContext(
    tx,
    deps,
    fund.state,
    members.map((m) => m.id),
  );
  const events = decide(fund.state, command, ctx);
  if (events instanceof DomainError) throw events;

  let state = fund.state;
  const postings: LedgerTransaction[] = [];
  for (const event of events) {
    postings.push(...fundPostings(state, event));
    state = evolve(state, event);
  }
  await saveFund(tx, fund, state, events, nextDeadline(state, ctx), now);
  await bookPostings(tx, fund.organizationId, postings, now);
  const notified = await applyFundEffects(tx, {
    organizationId: fund.organizationId,
    before: fund.state,
    after: state,
    events,
    names: new Map(members.map((m) => [m.id, m.displayName])),
    paymentMethodId: options.paymentMethodId ?? null,
    now,
  });
  const wire = fundWireEvents(fund.id, events);
  if (notified > 0) wire.push({ type: 'NOTIFICATION_CREATED', at: now.toISOString() });
  await enqueueRealtime(tx, fund.organizationId, wire, now);
  return { events, state };
}
