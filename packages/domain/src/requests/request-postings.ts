import { type LedgerTransaction, ledgerAccount, offProviderBalances } from '../ledger';
import type { RequestContribution, RequestEvent, RequestsState } from './request-types';

/**
 * The ledger postings of one request event, given the state before it (domain.md, Money;
 * ADR 0030). A contribution is booked into the request's escrow: a card hold stays there, on
 * the payer's card, until a payout captures it, or it is captured early, before it can expire
 * (ADR 0048); PayPal, captured at once, moves on to the platform's PayPal balance
 * (`provider-held:paypal`). A payout is booked when the provider confirms it, from the
 * provider balances; one that fails books only the holds it captured.
 * Payouts asked for before stop 29 keep their old rule: booked from escrow when asked for,
 * reversed whole when an attempt fails.
 */
export function requestPostings(before: RequestsState, event: RequestEvent): LedgerTransaction[] {
  const escrow = (requestId: string) => ledgerAccount.requestEscrow(requestId);
  const requestOf = (id: string) => before.requests.find((r) => r.id === id)!;
  switch (event.type) {
    case 'RequestContributed': {
      const c = event.contribution;
      const booked: LedgerTransaction = {
        kind: 'request-contribution',
        key: `request-contribution:${c.id}`,
        entries: [
          {
            account: ledgerAccount.funding(c.contributorId),
            userId: c.contributorId,
            amountCents: -c.amountCents,
          },
          { account: escrow(event.requestId), userId: null, amountCents: c.amountCents },
        ],
      };
      return c.method === 'paypal' ? [booked, capture(event.requestId, c)] : [booked];
    }
    case 'RequestPaidOut':
      return []; // booked when the provider confirms it
    case 'RequestPayoutRetried': {
      const r = requestOf(event.requestId);
      return r.payout!.bookedWhenPaid ? [] : [payoutPosting(r.id, r.ownerId, r.payout!, event.attempt, 1)];
    }
    case 'RequestPayoutSettled': {
      const r = requestOf(event.requestId);
      if (!r.payout!.bookedWhenPaid) {
        // A failed attempt is reversed whole: the gross goes back to escrow for the next attempt.
        return event.ok ? [] : [payoutPosting(r.id, r.ownerId, r.payout!, event.attempt, -1)];
      }
      const named = new Set(event.captured ?? []);
      const held = r.contributions.filter((c) => !c.refunded && !c.failed);
      const captures = held
        .filter((c) => !c.captured && (event.ok || named.has(c.id)))
        .map((c) => capture(r.id, c));
      return event.ok ? [...captures, paidFromProviders(r.id, r.ownerId, r.payout!, held)] : captures;
    }
    case 'RequestContributionRefunded': {
      const c = requestOf(event.requestId).contributions.find((x) => x.id === event.contributionId)!;
      const from = c.captured ? ledgerAccount.providerHeld(c.method ?? 'card') : escrow(event.requestId);
      return [
        {
          kind: 'request-refund',
          key: `request-refund:${c.id}`,
          entries: [
            { account: from, userId: null, amountCents: -c.amountCents },
            {
              account: ledgerAccount.refunds(c.contributorId),
              userId: c.contributorId,
              amountCents: c.amountCents,
            },
          ],
        },
      ];
    }
    case 'RequestContributionCaptured': {
      // Captured before the hold expired (ADR 0048): from escrow to the provider's balance.
      const c = requestOf(event.requestId).contributions.find((x) => x.id === event.contributionId)!;
      return [capture(event.requestId, c)];
    }
    case 'RequestContributionFailed': {
      const c = requestOf(event.requestId).contributions.find((x) => x.id === event.contributionId)!;
      // The reversal of the contribution's booking: the money never left the contributor.
      return [
        {
          kind: 'request-contribution-failed',
          key: `request-contribution-failed:${c.id}`,
          entries: [
            { account: escrow(event.requestId), userId: null, amountCents: -c.amountCents },
            {
              account: ledgerAccount.funding(c.contributorId),
              userId: c.contributorId,
              amountCents: c.amountCents,
            },
          ],
        },
      ];
    }
    default:
      return [];
  }
}

/** The provider took a contribution's money: from the request's escrow to its balance there. */
function capture(requestId: string, c: RequestContribution): LedgerTransaction {
  return {
    kind: 'request-capture',
    key: `request-capture:${c.id}`,
    entries: [
      { account: ledgerAccount.requestEscrow(requestId), userId: null, amountCents: -c.amountCents },
      { account: ledgerAccount.providerHeld(c.method ?? 'card'), userId: null, amountCents: c.amountCents },
    ],
  };
}

/** A payout the provider confirmed: the gross from the provider balances, the net to the owner, the fee kept. */
function paidFromProviders(
  requestId: string,
  ownerId: string,
  amounts: { grossCents: number; feeCents: number; netCents: number },
  held: RequestContribution[],
): LedgerTransaction {
  return {
    kind: 'request-payout',
    key: `request-payout:${requestId}`,
    entries: [
      ...offProviderBalances(held),
      { account: ledgerAccount.payout(ownerId), userId: ownerId, amountCents: amounts.netCents },
      { account: ledgerAccount.platformFees, userId: null, amountCents: amounts.feeCents },
    ],
  };
}

/**
 * One payout attempt (sign 1) or its reversal (sign −1): escrow → the owner's net + the fee.
 * The first attempt keeps the key it always had; later ones carry their number.
 */
function payoutPosting(
  requestId: string,
  ownerId: string,
  amounts: { grossCents: number; feeCents: number; netCents: number },
  attempt: number,
  sign: 1 | -1,
): LedgerTransaction {
  const key = attempt === 1 ? `request-payout:${requestId}` : `request-payout:${requestId}:${attempt}`;
  return {
    kind: sign === 1 ? 'request-payout' : 'request-payout-failed',
    key: sign === 1 ? key : `${key}:failed`,
    entries: [
      {
        account: ledgerAccount.requestEscrow(requestId),
        userId: null,
        amountCents: -sign * amounts.grossCents,
      },
      { account: ledgerAccount.payout(ownerId), userId: ownerId, amountCents: sign * amounts.netCents },
      { account: ledgerAccount.platformFees, userId: null, amountCents: sign * amounts.feeCents },
    ],
  };
}
