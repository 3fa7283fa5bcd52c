import { countedIn } from './cycles';
import type { Contribution, FundEvent, FundState } from './fund-types';
import { counts, debtPaidBy } from './rules';
import { markRefundDue, setContribution, updateRound, without } from './state-updates';

export type RoundEvent = Extract<
  FundEvent,
  {
    type:
      | 'RoundStarted'
      | 'ContributionMade'
      | 'ContributionConfirmed'
      | 'ContributionFailed'
      | 'CoverSuperseded'
      | 'ReceiptRefused'
      | 'DeclarationCancelled'
      | 'ContributionCaptured'
      | 'RoundReady'
      | 'RecipientAccountConnected'
      | 'RecipientAccountLost'
      | 'RoundReopened'
      | 'DistributionStarted'
      | 'DistributionFailed'
      | 'RoundDistributed'
      | 'RecipientTimedOut'
      | 'RefundRequested'
      | 'ContributionRefunded'
      | 'CycleCompleted';
  }
>;

/** Applies the events of the rounds: contributions, payouts, refunds and the cycle's end (phase 6). */
export function evolveRounds(state: FundState, event: RoundEvent): FundState {
  switch (event.type) {
    case 'RoundStarted':
      return {
        ...state,
        phase: 'collecting',
        phaseDeadline: null,
        round: {
          number: event.roundNumber,
          recipientId: event.recipientId,
          startsAt: event.at,
          windowOpensAt: event.windowOpensAt,
          withdrawalAt: event.withdrawalAt,
          state: 'collecting',
          readyAt: null,
          recipientTimeoutAt: null,
          skipped: [],
          emergencies: [],
          extensions: {},
          waitGranted: [],
          payoutFailed: false,
        },
      };
    case 'ContributionMade':
      return { ...state, contributions: [...state.contributions, event.contribution] };
    case 'ContributionConfirmed': {
      const confirmed = setContribution(state, event.contributionId, { status: 'confirmed' });
      const contribution = state.contributions.find((c) => c.id === event.contributionId);
      const paid = contribution ? debtPaidBy(state, contribution) : 0;
      if (paid === 0) return confirmed;
      const memberId = contribution!.contributorId;
      return {
        ...confirmed,
        debts: { ...confirmed.debts, [memberId]: (confirmed.debts[memberId] ?? 0) - paid },
      };
    }
    case 'ContributionFailed':
    case 'CoverSuperseded':
    case 'ReceiptRefused':
    case 'DeclarationCancelled':
      return { ...state, contributions: state.contributions.filter((c) => c.id !== event.contributionId) };
    case 'ContributionCaptured':
      return setContribution(state, event.contributionId, { status: 'captured' });
    case 'RoundReady':
      return {
        ...updateRound(state, () => ({
          state: 'awaiting_withdrawal',
          readyAt: event.at,
          recipientTimeoutAt: event.recipientTimeoutAt,
        })),
        phase: 'awaiting_withdrawal',
      };
    case 'RecipientAccountConnected':
      return updateRound(state, () => ({ recipientTimeoutAt: null }));
    case 'RecipientAccountLost':
      return updateRound(state, () => ({ recipientTimeoutAt: event.recipientTimeoutAt }));
    case 'RoundReopened':
      return {
        ...updateRound(state, () => ({ state: 'collecting', readyAt: null, recipientTimeoutAt: null })),
        phase: 'collecting',
      };
    case 'DistributionStarted':
      // The recipient withdrew, so they had an active payout account: the timeout for a
      // recipient without one no longer applies. A payout that fails now leaves the money in
      // escrow for their next try (domain.md, Distribution); refunding the round instead would
      // give back PayPal money already paid to their PayPal email.
      return updateRound(state, () => ({
        state: 'distributing',
        payoutFailed: false,
        recipientTimeoutAt: null,
      }));
    case 'DistributionFailed': {
      const captured = new Set(event.captured ?? []);
      return {
        ...updateRound(state, () => ({ state: 'awaiting_withdrawal', payoutFailed: true })),
        contributions: state.contributions.map((c) =>
          captured.has(c.id) ? { ...c, status: 'captured' as const } : c,
        ),
      };
    }
    case 'RoundDistributed': {
      const round = state.round!;
      // The contributions it paid out leave the state (ADR 0041); events before it marked them.
      const paid = event.settled
        ? withoutSettled(state.contributions, event.settled)
        : state.contributions.map((c) =>
            c.cycleNumber === state.cycleNumber && c.roundNumber === round.number && counts(c)
              ? { ...c, status: 'paid_out' as const }
              : c,
          );
      return {
        ...state,
        contributions: paid,
        received: [
          ...state.received,
          {
            roundNumber: event.roundNumber,
            recipientId: event.recipientId,
            grossCents: event.grossCents,
            netCents: event.netCents,
            at: event.at,
          },
        ],
        round: null,
      };
    }
    case 'RecipientTimedOut': {
      const moved = { ...markRefundDue(state, event.refundDue), round: null };
      return { ...moved, order: [...without(state.order, event.recipientId), event.recipientId] };
    }
    case 'RefundRequested':
      return state;
    case 'ContributionRefunded':
      return setContribution(state, event.contributionId, { status: 'refunded' });
    case 'CycleCompleted': {
      // A fund runs for years: its state keeps only the contributions still in play, so what a
      // command reads and writes does not grow with every cycle (issue 15).
      return {
        ...state,
        phase: 'completed',
        phaseDeadline: null,
        round: null,
        completedCycles: (state.completedCycles ?? 0) + 1,
        memberCycles: countedIn(state.memberCycles ?? {}, event.history),
        contributions: withoutSettled(state.contributions, event.settled ?? []),
      };
    }
  }
}

/**
 * The contributions without those an event settled; the same list when it settled none, so the
 * state's patch leaves the list alone (db/fund-state-patch.ts finds changes by identity).
 */
function withoutSettled(contributions: Contribution[], settled: readonly Contribution[]): Contribution[] {
  if (settled.length === 0) return contributions;
  const gone = new Set(settled.map((c) => c.id));
  return contributions.filter((c) => !gone.has(c.id));
}
