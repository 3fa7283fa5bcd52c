import { netPayout } from '../money';
import { type Draft, fail } from './draft';
import { roundTimes } from './evolve';
import type { Contribution, FundContext, FundState, PaymentMethod } from './fund-types';
import {
  activeParticipants,
  CONTRIBUTION_WINDOW_MS,
  counts,
  expectedContributors,
  hasContributed,
  inEscrow,
  isCardHold,
  nextRecipient,
  PHASE_MS,
  payerOf,
  roundContributions,
  roundLengthMs,
  roundTotals,
  settled,
} from './rules';

/** Round k starts with the next recipient in the rotation; or the cycle completes when none is left. */
export function startRound(d: Draft, roundNumber: number, at: number, lengthMs: number): void {
  const recipientId = nextRecipient(d.state);
  if (!recipientId) {
    completeCycle(d, at);
    return;
  }
  d.emit({ type: 'RoundStarted', at, roundNumber, recipientId, ...roundTimes(at, lengthMs) });
}

function isWindowOpen(d: Draft, userId: string, at: number): boolean {
  const round = d.state.round!;
  if (at < round.windowOpensAt) return false;
  if (at < round.withdrawalAt && !round.emergencies.some((v) => v.memberId === userId)) return true;
  const extension = round.extensions[userId];
  return extension !== undefined && at < extension;
}

/**
 * A participant contributes exactly the final amount, once per round, only while the window is
 * open. Cards are held (authorized), PayPal is captured, manual payments wait for the recipient.
 *
 * Covering (`onBehalfOf`, domain.md): a participant pays for another who has not paid. It counts
 * as the covered member's contribution, so there is still one per member and round whoever
 * pays; it may also come after the covered member's window closed, while the vote about them is
 * open, and then it closes that vote and takes back the strike it gave (as it does during the
 * extension a vote granted).
 */
export function contribute(
  d: Draft,
  ctx: FundContext,
  userId: string,
  contributionId: string,
  method: PaymentMethod,
  at: number,
  onBehalfOf: string = userId,
): void {
  const s = d.state;
  if (s.phase !== 'collecting' && s.phase !== 'awaiting_withdrawal') {
    fail(s.phase === 'completed' || s.phase === 'cancelled' ? 'CONTRIBUTION_WINDOW_CLOSED' : 'WRONG_PHASE');
  }
  const round = s.round!;
  const memberId = onBehalfOf;
  const covering = memberId !== userId;
  const mayPay = (id: string) =>
    activeParticipants(s).includes(id) && id !== round.recipientId && !round.skipped.includes(id);
  // The recipient cannot cover: the money would go from them to them.
  if (!mayPay(memberId) || (covering && !mayPay(userId))) fail('NOT_ELIGIBLE');
  // Someone else's cover by hand that the recipient has not confirmed (the cash may never have
  // come) does not stop the member paying for themselves: it gives way to their payment. Before,
  // it barred them for the whole round and they were struck for a declaration not their own.
  const mine = roundContributions(s).filter((c) => c.contributorId === memberId);
  const superseded = covering ? [] : mine.filter((c) => c.paidBy !== undefined && c.status === 'declared');
  if (mine.length > superseded.length) fail('ALREADY_CONTRIBUTED');
  const voteOpen = round.emergencies.some((v) => v.memberId === memberId);
  if (!isWindowOpen(d, memberId, at) && !(covering && voteOpen && at >= round.windowOpensAt))
    fail('CONTRIBUTION_WINDOW_CLOSED');
  const contribution: Contribution = {
    id: contributionId,
    contributorId: memberId,
    ...(covering ? { paidBy: userId } : {}),
    recipientId: round.recipientId,
    amountCents: s.finalAmountCents!,
    method,
    status: method === 'card' ? 'authorized' : method === 'paypal' ? 'captured' : 'declared',
    cycleNumber: s.cycleNumber,
    roundNumber: round.number,
    at,
  };
  for (const c of superseded)
    d.emit({ type: 'CoverSuperseded', at, contributionId: c.id, memberId, paidBy: c.paidBy! });
  d.emit({ type: 'ContributionMade', at, contribution });
  withdrawPaidEmergencies(d, at, contributionId);
  checkReady(d, ctx, at);
}

/**
 * The provider declined a card hold: the contribution is gone and may be made again. Only a
 * hold can fail afterwards; a PayPal capture is settled before the contribution is recorded.
 */
export function paymentFailed(d: Draft, contributionId: string, at: number): void {
  const contribution = d.state.contributions.find((c) => c.id === contributionId);
  const roundState = d.state.round?.state;
  if (
    contribution?.status !== 'authorized' ||
    (roundState !== 'collecting' && roundState !== 'awaiting_withdrawal')
  )
    fail('CONTRIBUTION_NOT_FOUND');
  d.emit({ type: 'ContributionFailed', at, contributionId });
  restoreForgivenStrike(d, contribution, at);
  // The round was complete only with this money (a card whose payer had not yet confirmed it
  // with their bank): it collects again, and once its window is over the member has missed.
  if (roundState === 'awaiting_withdrawal') d.emit({ type: 'RoundReopened', at });
}

/**
 * A cover took back the member's strike for this round (withdrawPaidEmergencies) and was then
 * declined: they missed after all. Once a wait was granted them, the vote that opens next gives
 * no strike (one a round), so it comes back here; before that, the next vote gives it again.
 * With a wait granted, a cover that counted always took the strike back: it came during the
 * extension, or closed the vote that followed it.
 */
function restoreForgivenStrike(d: Draft, cover: Contribution, at: number): void {
  const memberId = cover.contributorId;
  if (cover.paidBy === undefined || !d.state.round!.waitGranted.includes(memberId)) return;
  d.emit({ type: 'StrikeRestored', at, memberId, strikes: (d.state.strikes[memberId] ?? 0) + 1 });
}

/**
 * The provider captured a card hold before it could expire (ADR 0048): the money counts as
 * before, now on the platform's balance at the provider rather than on the payer's card.
 */
export function holdCaptured(d: Draft, contributionId: string, at: number): void {
  const contribution = d.state.contributions.find((c) => c.id === contributionId);
  if (!contribution || !isCardHold(contribution)) fail('CONTRIBUTION_NOT_FOUND');
  d.emit({ type: 'ContributionCaptured', at, contributionId });
}

export function confirmReceipt(
  d: Draft,
  ctx: FundContext,
  userId: string,
  contributionId: string,
  at: number,
): void {
  declaredToRecipient(d, userId, contributionId);
  d.emit({ type: 'ContributionConfirmed', at, contributionId });
  withdrawPaidEmergencies(d, at, contributionId);
  checkReady(d, ctx, at);
}

/**
 * The recipient says a payment declared by hand never reached them. It never counted, so the
 * round, its votes and strikes stay as they are: the declaration goes, and the member may pay
 * again while they still may (their window, or an extension a vote grants). Before, only the
 * recipient's silence answered a declaration they knew to be false, and it barred the member
 * from paying another way for the whole round.
 */
export function refuseReceipt(d: Draft, userId: string, contributionId: string, at: number): void {
  const c = declaredToRecipient(d, userId, contributionId);
  d.emit({
    type: 'ReceiptRefused',
    at,
    contributionId,
    memberId: c.contributorId,
    ...(c.paidBy === undefined ? {} : { paidBy: c.paidBy }),
  });
}

/**
 * The one who declared a payment by hand takes it back before the recipient answers it: it was
 * declared by mistake, or they would rather pay another way. Like a refusal it never counted,
 * so the round, its votes and strikes stay as they are. Before, only the recipient could undo a
 * declaration, and until they did it barred the member from paying by card.
 *
 * Only while the same payment could be made again now: after the member's window closed, a
 * member's own declaration stands until the recipient answers it (confirmed, it still closes
 * the vote about them; taken back, the member could not pay until a vote granted a wait).
 */
export function cancelDeclaration(d: Draft, userId: string, contributionId: string, at: number): void {
  const round = roundTakingAnswers(d);
  const c = declaredThisRound(d, contributionId);
  // Another's declaration is not found, as one already answered is: nothing to tell apart.
  if (!c || (c.paidBy ?? c.contributorId) !== userId) fail('CONTRIBUTION_NOT_FOUND');
  // As `contribute` decides: a cover may also come while the vote about the member is open.
  const voteOpen = round.emergencies.some((v) => v.memberId === c.contributorId);
  if (!isWindowOpen(d, c.contributorId, at) && !(c.paidBy !== undefined && voteOpen))
    fail('CONTRIBUTION_WINDOW_CLOSED');
  d.emit({
    type: 'DeclarationCancelled',
    at,
    contributionId,
    memberId: c.contributorId,
    ...(c.paidBy === undefined ? {} : { paidBy: c.paidBy }),
  });
}

/** A manual payment of this round still waiting for its recipient, who alone answers it. */
function declaredToRecipient(d: Draft, userId: string, contributionId: string): Contribution {
  if (roundTakingAnswers(d).recipientId !== userId) fail('NOT_CURRENT_RECIPIENT');
  return declaredThisRound(d, contributionId) ?? fail('CONTRIBUTION_NOT_FOUND');
}

/** The round, while its declarations may be answered or taken back (collecting, or awaiting the withdrawal). */
function roundTakingAnswers(d: Draft): NonNullable<FundState['round']> {
  const s = d.state;
  if (!s.round || (s.phase !== 'collecting' && s.phase !== 'awaiting_withdrawal')) fail('WRONG_PHASE');
  return s.round;
}

/** A payment of this round declared by hand and not yet answered, if `contributionId` is one. */
function declaredThisRound(d: Draft, contributionId: string): Contribution | undefined {
  const c = roundContributions(d.state).find((x) => x.id === contributionId);
  return c?.status === 'declared' ? c : undefined;
}

/**
 * A vote is about a member whose contribution now counts: there is nothing left to decide.
 * Either the recipient confirmed a manual payment declared before the window closed (the strike
 * stays: the money was not confirmed in time), or another member covered them (the strike of
 * this round is taken back: the round got its money from the family, as if paid in time).
 * The same cover during the extension a vote granted (`wait`) takes the strike back too:
 * `counted`, the contribution that has just come to count (made, or confirmed), so that it is
 * taken back once, when the cover counts, and never for a later confirmation of another.
 */
export function withdrawPaidEmergencies(d: Draft, at: number, counted?: string): void {
  // One strike a round: a second vote after an extension that ran out gave none.
  const forgiven = new Set<string>();
  const forgive = (memberId: string) => {
    const strikes = d.state.strikes[memberId] ?? 0;
    if (strikes > 0 && !forgiven.has(memberId))
      d.emit({ type: 'StrikeForgiven', at, memberId, strikes: strikes - 1 });
    forgiven.add(memberId);
  };
  const isCover = (c: Contribution) => c.paidBy !== undefined && counts(c);
  for (const vote of d.state.round?.emergencies ?? []) {
    if (!hasContributed(d.state, vote.memberId)) continue;
    d.emit({ type: 'EmergencyVoteWithdrawn', at, voteId: vote.id, memberId: vote.memberId });
    if (roundContributions(d.state).some((c) => c.contributorId === vote.memberId && isCover(c)))
      forgive(vote.memberId);
  }
  const cover = roundContributions(d.state).find((c) => c.id === counted && isCover(c));
  if (cover && cover.contributorId in (d.state.round?.extensions ?? {})) forgive(cover.contributorId);
}

/**
 * When every expected contribution is in and no emergency vote is open, the recipient may
 * withdraw. A recipient who must receive platform money and has no active payout account
 * gets 24 h to connect one.
 */
export function checkReady(d: Draft, ctx: FundContext, at: number): void {
  const s = d.state;
  const round = s.round;
  if (round?.state !== 'collecting' || round.emergencies.length > 0) return;
  if (!expectedContributors(s).every((id) => hasContributed(s, id))) return;
  const needsPayout = roundTotals(s).platformCents > 0 && !ctx.hasPayoutAccount(round.recipientId);
  d.emit({ type: 'RoundReady', at, recipientTimeoutAt: needsPayout ? at + PHASE_MS : null });
}

/**
 * A member's payout account changed. Only a ready round's recipient is concerned, and only
 * before a payout was tried (after one, the money waits in escrow for their retry and is never
 * refunded: see DistributionStarted): an account that became active ends their 24 hours (so the
 * round's state, and every member's view of it, says nobody waits for them); one that stopped
 * being usable gives them 24 hours from now, as RoundReady does, so the round can never wait
 * for them without a deadline. Anything else changes nothing.
 */
export function payoutAccountChanged(d: Draft, ctx: FundContext, userId: string, at: number): void {
  const round = d.state.round;
  if (round?.state !== 'awaiting_withdrawal' || round.recipientId !== userId || round.payoutFailed) return;
  if (roundTotals(d.state).platformCents === 0) return;
  const connected = ctx.hasPayoutAccount(userId);
  if (connected && round.recipientTimeoutAt !== null) d.emit({ type: 'RecipientAccountConnected', at });
  if (!connected && round.recipientTimeoutAt === null)
    d.emit({ type: 'RecipientAccountLost', at, recipientTimeoutAt: at + PHASE_MS });
}

/** Only the current recipient, only when everything is in; the fee is booked, the rest paid out. */
export function withdraw(d: Draft, ctx: FundContext, userId: string, at: number): void {
  const s = d.state;
  if (!s.round || (s.phase !== 'collecting' && s.phase !== 'awaiting_withdrawal'))
    fail('CANNOT_WITHDRAW_NOW');
  const round = s.round;
  if (round.recipientId !== userId) fail('NOT_CURRENT_RECIPIENT');
  if (round.state === 'collecting') fail('INSUFFICIENT_CONTRIBUTIONS');
  if (round.state === 'distributing') fail('CANNOT_WITHDRAW_NOW');
  const { platformCents, manualCents } = roundTotals(s);
  if (platformCents === 0) {
    d.emit({
      type: 'RoundDistributed',
      at,
      roundNumber: round.number,
      recipientId: userId,
      grossCents: manualCents,
      feeCents: 0,
      netCents: manualCents,
      settled: paidOut(s),
    });
    startRound(d, round.number + 1, at, roundLengthMs[s.roundLength!]);
    return;
  }
  if (!ctx.hasPayoutAccount(userId)) fail('PAYOUT_ACCOUNT_REQUIRED');
  const payout = netPayout(platformCents);
  if (!payout) fail('INSUFFICIENT_CONTRIBUTIONS');
  d.emit({
    type: 'DistributionStarted',
    at,
    roundNumber: round.number,
    grossCents: platformCents,
    ...payout,
  });
}

/**
 * The payment layer reports the payout: done (next round), or failed, when the money stays
 * where it is: on the payers' cards, or with the provider for the holds it already captured.
 */
export function distributionResult(d: Draft, succeeded: boolean, at: number, captured: string[] = []): void {
  const s = d.state;
  const round = s.round;
  if (round?.state !== 'distributing') fail('WRONG_PHASE');
  if (!succeeded) {
    const held = new Set(
      roundContributions(s)
        .filter((c) => c.method === 'card' && c.status === 'authorized')
        .map((c) => c.id),
    );
    d.emit({
      type: 'DistributionFailed',
      at,
      roundNumber: round.number,
      captured: captured.filter((id) => held.has(id)),
    });
    return;
  }
  const { platformCents, manualCents } = roundTotals(s);
  const payout = netPayout(platformCents)!;
  d.emit({
    type: 'RoundDistributed',
    at,
    roundNumber: round.number,
    recipientId: round.recipientId,
    grossCents: platformCents + manualCents,
    feeCents: payout.feeCents,
    netCents: payout.netCents + manualCents,
    settled: paidOut(s),
  });
  startRound(d, round.number + 1, at, roundLengthMs[s.roundLength!]);
}

/**
 * Recipient timeout (domain.md, phase 6): every contribution of the round is refunded, the
 * recipient moves to the end of the order, and the round restarts with the next recipient and
 * a fresh 7-day window.
 */
export function recipientTimedOut(d: Draft, at: number): void {
  const s = d.state;
  const round = s.round!;
  const refundDue = roundContributions(s)
    .filter((c) => inEscrow(c) || c.status === 'declared' || c.status === 'confirmed')
    .map((c) => c.id);
  d.emit({
    type: 'RecipientTimedOut',
    at,
    roundNumber: round.number,
    recipientId: round.recipientId,
    refundDue,
  });
  const recipientId = nextRecipient(d.state)!;
  d.emit({
    type: 'RoundStarted',
    at,
    roundNumber: round.number,
    recipientId,
    windowOpensAt: at,
    withdrawalAt: at + CONTRIBUTION_WINDOW_MS,
  });
}

/** The round's contributions as its distribution leaves them: paid out (what `roundTotals` counted). */
function paidOut(s: FundState): Contribution[] {
  return roundContributions(s)
    .filter(counts)
    .map((c) => ({ ...c, status: 'paid_out' }));
}

function completeCycle(d: Draft, at: number): void {
  const s = d.state;
  // Each round paid out, gross, what it counted (the simulation's invariants hold the two equal).
  const totalContributionsCents = s.received.reduce((sum, r) => sum + r.grossCents, 0);
  d.emit({
    type: 'CycleCompleted',
    at,
    history: {
      cycleNumber: s.cycleNumber,
      createdAt: s.cycleCreatedAt,
      completedAt: at,
      amountCents: s.finalAmountCents!,
      totalContributionsCents,
      recipients: s.received,
      commitment: s.commitment,
      nonce: s.nonce,
      seed: s.seed!,
      order: s.drawnOrder,
      participants: s.participants,
      swaps: s.swapHistory,
    },
    settled: s.contributions.filter(settled),
  });
}

/**
 * Refund on request: the contributor asks for a contribution that is due back (its round was
 * cancelled or restarted) and still in escrow; the payment layer then refunds it once.
 */
export function requestRefund(d: Draft, userId: string, contributionId: string, at: number): void {
  const contribution = d.state.contributions.find((c) => c.id === contributionId);
  // The money goes back to whoever paid it.
  if (!contribution || payerOf(contribution) !== userId) fail('CONTRIBUTION_NOT_FOUND');
  if (contribution.status !== 'refund_due') fail('NOT_REFUNDABLE');
  d.emit({ type: 'RefundRequested', at, contributionId });
}

export function refundCompleted(d: Draft, contributionId: string, at: number): void {
  const contribution = d.state.contributions.find((c) => c.id === contributionId);
  if (contribution?.status !== 'refund_due') fail('NOT_REFUNDABLE');
  d.emit({ type: 'ContributionRefunded', at, contributionId });
}
