import { type Draft, fail } from './request-draft';
import type { FundingRequest, RequestCommand, RequestContribution } from './request-types';

type PaymentCommand = Extract<
  RequestCommand,
  {
    type:
      | 'RequestContributionPaymentFailed'
      | 'RequestHoldCaptured'
      | 'RequestPayoutOutcome'
      | 'RetryRequestPayout';
  }
>;

/**
 * A card hold of this request still on its payer's card, which the provider would release after a
 * few days (ADR 0048): the request is collecting, or it ended and its payout is still to be made.
 * A payout asked for before stop 29 is booked from escrow when paid: its holds stay held.
 */
export function holdCapturable(r: FundingRequest, c: RequestContribution): boolean {
  if ((c.method ?? 'card') !== 'card' || c.refunded || c.failed || c.captured) return false;
  if (r.status === 'active') return true;
  return r.payout !== null && r.payout.status !== 'paid' && r.payout.bookedWhenPaid === true;
}

/**
 * What the provider answered, and the owner's retry (domain.md, Money: a payout as for a fund
 * recipient; a failed payout leaves the money where it is, on the cards or captured).
 */
export function decidePayment(d: Draft, command: PaymentCommand, now: number): void {
  const r = d.state.requests.find((x) => x.id === command.requestId) ?? fail('REQUEST_NOT_FOUND');
  switch (command.type) {
    case 'RequestContributionPaymentFailed': {
      // A declined payment never counted: while the request is active its amount is open
      // again. After the end (a card hold whose payer never confirmed it with their bank) the
      // payout under way asked for this money and fails at its capture; taken back here, the
      // owner's retry asks only for what is held. Once paid out, nothing is left to correct.
      // Payouts asked for before stop 29 were booked when asked for: their amounts stay.
      const unpaid = r.payout !== null && r.payout.status !== 'paid' && r.payout.bookedWhenPaid === true;
      if (r.status !== 'active' && !unpaid) fail('REQUEST_NOT_ACTIVE');
      const c = r.contributions.find((x) => x.id === command.contributionId);
      if (!c || c.refunded || c.failed) fail('CONTRIBUTION_NOT_FOUND');
      // Only a card hold can fail after the end: PayPal is counted once captured (ADR 0046).
      if (r.status !== 'active' && (c!.method ?? 'card') !== 'card') fail('REQUEST_NOT_ACTIVE');
      d.emit({ type: 'RequestContributionFailed', at: now, requestId: r.id, contributionId: c!.id });
      return;
    }
    case 'RequestHoldCaptured': {
      const c = r.contributions.find((x) => x.id === command.contributionId);
      if (!c || !holdCapturable(r, c)) fail('CONTRIBUTION_NOT_FOUND');
      d.emit({ type: 'RequestContributionCaptured', at: now, requestId: r.id, contributionId: c!.id });
      return;
    }
    case 'RequestPayoutOutcome': {
      const payout = r.payout;
      // Only the answer to the attempt under way counts; a late answer to an older one is ignored.
      const isCurrent =
        payout !== null &&
        (payout.status ?? 'pending') === 'pending' &&
        (payout.attempt ?? 1) === command.attempt;
      if (!isCurrent) return;
      // A payout that succeeded captured every hold it pays; one that failed, those it names.
      const holds = r.contributions.filter(
        (c) => !c.refunded && !c.failed && (c.method ?? 'card') === 'card',
      );
      const named = new Set(command.captured ?? []);
      const captured = holds.filter((c) => command.ok || named.has(c.id)).map((c) => c.id);
      d.emit({
        type: 'RequestPayoutSettled',
        at: now,
        requestId: r.id,
        attempt: command.attempt,
        ok: command.ok,
        captured,
      });
      return;
    }
    case 'RetryRequestPayout': {
      if (r.ownerId !== command.userId) fail('NOT_REQUEST_OWNER');
      if (r.payout?.status !== 'failed') fail('CANNOT_WITHDRAW_NOW');
      // Every hold failed after the end: nothing is left to pay out.
      if (r.payout!.netCents === 0) fail('INSUFFICIENT_CONTRIBUTIONS');
      d.emit({
        type: 'RequestPayoutRetried',
        at: now,
        requestId: r.id,
        attempt: (r.payout!.attempt ?? 1) + 1,
      });
      return;
    }
  }
}
