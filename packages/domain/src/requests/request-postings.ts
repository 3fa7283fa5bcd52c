import { type LedgerTransaction, ledgerAccount } from '../ledger';
import type { RequestEvent, RequestsState } from './request-types';

/** The ledger postings of one request event, given the state before it (domain.md, Money). */
export function requestPostings(before: RequestsState, event: RequestEvent): LedgerTransaction[] {
  const escrow = (requestId: string) => ledgerAccount.requestEscrow(requestId);
  switch (event.type) {
    case 'RequestContributed': {
      const c = event.contribution;
      return [
        {
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
        },
      ];
    }
    case 'RequestPaidOut': {
      const owner = before.requests.find((r) => r.id === event.requestId)!.ownerId;
      return [payoutPosting(event.requestId, owner, event, 1, 1)];
    }
    case 'RequestPayoutRetried': {
      const r = before.requests.find((x) => x.id === event.requestId)!;
      return [payoutPosting(r.id, r.ownerId, r.payout!, event.attempt, 1)];
    }
    case 'RequestPayoutSettled': {
      // A failed attempt is reversed whole: the gross goes back to escrow for the next attempt.
      const r = before.requests.find((x) => x.id === event.requestId)!;
      return event.ok ? [] : [payoutPosting(r.id, r.ownerId, r.payout!, event.attempt, -1)];
    }
    case 'RequestContributionRefunded': {
      const c = before.requests
        .find((r) => r.id === event.requestId)!
        .contributions.find((x) => x.id === event.contributionId)!;
      return [
        {
          kind: 'request-refund',
          key: `request-refund:${c.id}`,
          entries: [
            { account: escrow(event.requestId), userId: null, amountCents: -c.amountCents },
            {
              account: ledgerAccount.refunds(c.contributorId),
              userId: c.contributorId,
              amountCents: c.amountCents,
            },
          ],
        },
      ];
    }
    case 'RequestContributionFailed': {
      const c = before.requests
        .find((r) => r.id === event.requestId)!
        .contributions.find((x) => x.id === event.contributionId)!;
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
