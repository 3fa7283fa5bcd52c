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
      return [
        {
          kind: 'request-payout',
          key: `request-payout:${event.requestId}`,
          entries: [
            { account: escrow(event.requestId), userId: null, amountCents: -event.grossCents },
            { account: ledgerAccount.payout(owner), userId: owner, amountCents: event.netCents },
            { account: ledgerAccount.platformFees, userId: null, amountCents: event.feeCents },
          ],
        },
      ];
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
