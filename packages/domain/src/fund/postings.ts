import { type LedgerEntry, type LedgerTransaction, ledgerAccount, offProviderBalances } from '../ledger';
import { netPayout } from '../money';
import type { Contribution, FundEvent, FundState } from './fund-types';
import { counts, debtPaidBy, payerOf, roundContributions } from './rules';

const entry = (account: string, userId: string | null, amountCents: number): LedgerEntry => ({
  account,
  userId,
  amountCents,
});

/**
 * The ledger postings of one fund event (domain.md, Money), given the state just before it.
 * Money is booked where it is: a card hold stays on the payer's card (nothing is booked) until
 * the provider captures it, at distribution, before a payout that then failed, or early, before
 * the hold can expire (ADR 0048); PayPal is
 * captured at contribution. Captured money sits on the platform's balance at that provider
 * (`provider-held:<method>`) until it is paid out or given back. A manual payment goes straight
 * from contributor to recipient, outside the platform and fee-free, once the recipient confirms
 * it. Every transaction balances and carries an idempotency key.
 */
export function fundPostings(before: FundState, event: FundEvent): LedgerTransaction[] {
  const find = (id: string) => before.contributions.find((c) => c.id === id);
  switch (event.type) {
    case 'ContributionMade': {
      const c = event.contribution;
      return c.method === 'paypal' ? [capture(c)] : [];
    }
    case 'ContributionConfirmed': {
      const c = find(event.contributionId)!;
      const recipient = c.recipientId;
      const manual: LedgerTransaction = {
        kind: 'manual-contribution',
        key: `contribution:${c.id}`,
        entries: [
          entry(ledgerAccount.funding(payerOf(c)), payerOf(c), -c.amountCents),
          entry(ledgerAccount.payout(recipient), recipient, c.amountCents),
        ],
      };
      // An expelled member's round, paid after the vote: no longer part of their debt.
      const paid = debtPaidBy(before, c);
      if (paid === 0) return [manual];
      return [
        manual,
        {
          kind: 'debt',
          key: `debt-paid:${c.id}`,
          entries: [
            entry(ledgerAccount.debt(c.contributorId), c.contributorId, -paid),
            entry(ledgerAccount.debtOffset(before.fundId), null, paid),
          ],
        },
      ];
    }
    case 'ContributionCaptured':
      // Captured before the hold expired (ADR 0048): off the card, with the provider.
      return [capture(find(event.contributionId)!)];
    case 'DistributionFailed':
      // The holds captured before the transfer failed: with the provider now, off the cards.
      return (event.captured ?? []).map((id) => capture(find(id)!));
    case 'RoundDistributed': {
      const round = before.round!;
      const platform = roundContributions(before).filter((c) => counts(c) && c.method !== 'manual');
      const captures = platform.filter((c) => c.status === 'authorized').map(capture);
      const debts = roundContributions(before)
        .filter((c) => counts(c) && c.paidBy !== undefined)
        .map(memberDebt);
      const grossCents = platform.reduce((sum, c) => sum + c.amountCents, 0);
      if (grossCents === 0) return [...captures, ...debts];
      const { feeCents, netCents } = netPayout(grossCents)!;
      return [
        ...captures,
        {
          kind: 'payout',
          key: `payout:${before.fundId}:${before.cycleNumber}:${round.number}`,
          entries: [
            ...offProviderBalances(platform),
            entry(ledgerAccount.payout(event.recipientId), event.recipientId, netCents),
            entry(ledgerAccount.platformFees, null, feeCents),
          ],
        },
        ...debts,
      ];
    }
    case 'ContributionRefunded': {
      const c = find(event.contributionId)!;
      const key = `refund:${c.id}`;
      const refunds = entry(ledgerAccount.refunds(payerOf(c)), payerOf(c), c.amountCents);
      if (c.method !== 'manual' && (c.method === 'paypal' || c.statusBeforeRefund === 'captured')) {
        return [
          {
            kind: 'refund',
            key,
            entries: [entry(ledgerAccount.providerHeld(c.method), null, -c.amountCents), refunds],
          },
        ];
      }
      if (c.method === 'manual' && c.statusBeforeRefund === 'confirmed') {
        const recipient = c.recipientId;
        return [
          {
            kind: 'refund',
            key,
            entries: [entry(ledgerAccount.payout(recipient), recipient, -c.amountCents), refunds],
          },
        ];
      }
      return []; // a card hold released, or a manual payment never confirmed: no money had moved
    }
    case 'MemberExpelled': {
      if (event.debtCents <= 0) return [];
      return [
        {
          kind: 'debt',
          key: `debt:${before.fundId}:${before.cycleNumber}:${event.memberId}`,
          entries: [
            entry(ledgerAccount.debt(event.memberId), event.memberId, event.debtCents),
            entry(ledgerAccount.debtOffset(before.fundId), null, -event.debtCents),
          ],
        },
      ];
    }
    default:
      return [];
  }
}

/**
 * A covered contribution paid out: the covered member now owes the one who paid (a
 * member-to-member receivable). Booked when the round is paid out, when nothing can undo the
 * cover any more (a declined card, a round restarted); settling it moves it back to zero.
 */
function memberDebt(c: Contribution): LedgerTransaction {
  const creditor = c.paidBy!;
  return {
    kind: 'member-debt',
    key: `member-debt:${c.id}`,
    entries: [
      entry(ledgerAccount.memberReceivable(creditor), creditor, c.amountCents),
      entry(ledgerAccount.memberPayable(c.contributorId), c.contributorId, -c.amountCents),
    ],
  };
}

/** A card hold or a PayPal payment captured: from the payer to the platform's balance at the provider. */
function capture(c: Contribution): LedgerTransaction {
  const method = c.method === 'paypal' ? 'paypal' : 'card';
  return {
    kind: 'contribution',
    key: `contribution:${c.id}`,
    entries: [
      entry(ledgerAccount.funding(payerOf(c)), payerOf(c), -c.amountCents),
      entry(ledgerAccount.providerHeld(method), null, c.amountCents),
    ],
  };
}
