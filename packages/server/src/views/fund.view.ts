import type { FundView } from '@giro/contract/fund';
import { cyclesCompleted } from '@giro/domain/fund/cycles';
import { type CycleHistory, type FundState, withdrawalOptions } from '@giro/domain/fund/fund-types';
import {
  activeParticipants,
  expectedContributors,
  hasContributed,
  nextRecipient,
  roundContributions,
  roundTotals,
  STRIKE_RISK_AT,
  statusOf,
} from '@giro/domain/fund/rules';
import { paypalShareOfNet, platformFeeCents } from '@giro/domain/money';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * The fund as members see it. Secrets stay secret: the draw's nonce only once revealed, the
 * amounts voted only once voting has closed (so nobody anchors on the others' votes).
 */
export function fundView(
  state: FundState,
  members: readonly { id: string; displayName: string }[],
  options: { testClock: boolean },
): FundView {
  const round = state.round;
  const votingOpen = state.phase === 'voting';
  const totals = round ? roundTotals(state) : { platformCents: 0, manualCents: 0, paypalCents: 0 };
  const feeCents = totals.platformCents > 0 ? platformFeeCents(totals.platformCents) : 0;
  const netCents = Math.max(0, totals.platformCents - feeCents);
  const expected = round ? expectedContributors(state) : [];
  const current = round?.recipientId ?? null;
  const upcoming = round ? state.order.slice(state.order.indexOf(round.recipientId) + 1) : [];
  const next = round
    ? (upcoming.find((id) => activeParticipants(state).includes(id)) ?? null)
    : (nextRecipient(state) ?? null);
  return {
    id: state.fundId,
    status: statusOf(state),
    phase: state.phase,
    cycleNumber: state.cycleNumber,
    votingRound: state.votingRound,
    phaseDeadline: isoOrNull(state.phaseDeadline),
    members: members.map((m) => ({ id: m.id, displayName: m.displayName })),
    voters: state.voters,
    votedBy: Object.keys(state.votes),
    votes: votingOpen ? null : state.votes,
    participants: state.participants,
    finalAmountCents: state.finalAmountCents,
    confirmations: state.confirmations,
    dismissal: state.dismissal,
    acknowledged: state.acknowledged,
    restartVotes: state.restartVotes,
    commitment: state.commitment,
    nonce: state.nonceRevealed ? state.nonce : null,
    seed: state.seed,
    order: state.order,
    drawnOrder: state.nonceRevealed ? state.drawnOrder : [],
    swaps: state.swaps.map(swapView),
    swapHistory: state.swapHistory.map(swapView),
    dateVotes: state.dateVotes,
    dateOptions: withdrawalOptions.filter((option) => option !== '7d1h' || options.testClock),
    roundLength: state.roundLength,
    round: round && {
      number: round.number,
      recipientId: round.recipientId,
      state: round.state,
      startsAt: iso(round.startsAt),
      windowOpensAt: iso(round.windowOpensAt),
      withdrawalAt: iso(round.withdrawalAt),
      readyAt: isoOrNull(round.readyAt),
      recipientTimeoutAt: isoOrNull(round.recipientTimeoutAt),
      payoutFailed: round.payoutFailed,
      skipped: round.skipped,
      extensions: Object.fromEntries(Object.entries(round.extensions).map(([id, until]) => [id, iso(until)])),
      expectedContributors: expected,
      contributedBy: expected.filter((id) => hasContributed(state, id)),
      totalCollectedCents: totals.platformCents + totals.manualCents,
      expectedTotalCents: expected.length * (state.finalAmountCents ?? 0),
      payout: {
        grossCents: totals.platformCents,
        feeCents,
        netCents,
        paypalNetCents:
          netCents > 0 ? paypalShareOfNet(totals.platformCents, feeCents, totals.paypalCents) : 0,
        manualCents: totals.manualCents,
      },
      emergencies: emergencyViews(state).votes,
    },
    currentRecipientId: current,
    nextRecipientId: next,
    received: state.received.map((r) => ({
      roundNumber: r.roundNumber,
      recipientId: r.recipientId,
      netCents: r.netCents,
    })),
    strikes: state.strikes,
    expelled: state.expelled,
    debts: state.debts,
    cancelReason: state.cancelReason,
    historyCount: cyclesCompleted(state),
  };
}

const swapView = (swap: { id: string; fromId: string; toId: string; at: number }) => ({
  id: swap.id,
  fromId: swap.fromId,
  toId: swap.toId,
  at: iso(swap.at),
});

/** Every contribution of the current round, for the contribution state view. */
export function roundContributionViews(state: FundState) {
  if (!state.round) return [];
  return roundContributions(state).map((c) => ({
    id: c.id,
    contributorId: c.contributorId,
    paidBy: c.paidBy ?? null,
    recipientId: c.recipientId,
    amountCents: c.amountCents,
    method: c.method,
    status: c.status,
    cycleNumber: c.cycleNumber,
    roundNumber: c.roundNumber,
    at: iso(c.at),
  }));
}

/** The open emergency votes of the round, each with the member's strikes and risk (domain.md, 7). */
export function emergencyViews(state: FundState) {
  return {
    votes: (state.round?.emergencies ?? []).map((vote) => ({
      id: vote.id,
      memberId: vote.memberId,
      allowWait: vote.allowWait,
      deadline: iso(vote.deadline),
      votes: vote.votes,
      voters: vote.voters,
      memberStrikes: state.strikes[vote.memberId] ?? 0,
      memberAtRisk: (state.strikes[vote.memberId] ?? 0) >= STRIKE_RISK_AT,
    })),
  };
}

/** Completed cycles, newest first, with the draw's evidence so anyone can recompute the order. */
export function historyView(history: readonly CycleHistory[]) {
  return {
    history: [...history].reverse().map((entry) => ({
      ...entry,
      createdAt: iso(entry.createdAt),
      completedAt: iso(entry.completedAt),
      recipients: entry.recipients.map((r) => ({ ...r, at: iso(r.at) })),
      swaps: (entry.swaps ?? []).map(swapView),
    })),
  };
}
