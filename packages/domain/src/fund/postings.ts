import { type LedgerEntry, type LedgerTransaction, ledgerAccount } from '../ledger';
import { netPayout } from '../money';
import type { Contribution, FundEvent, FundState } from './fund-types';
import { counts, payerOf, roundContributions } from './rules';

const entry = (account: string, userId: string | null, amountCents: number): LedgerEntry => ({
  account,
  userId,
  amountCents,
});

/**
 * The ledger postings of one fund event (domain.md, Money), given the state just before it.
 * Card money moves when captured at distribution; PayPal when captured at contribution; a
 * manual payment goes straight from contributor to recipient, outside the platform and fee-free,
 * once the recipient confirms it. Every transaction balances and carries an idempotency key.
 */
export function fundPostings(before: FundState, event: FundEvent): LedgerTransaction[] {
  const escrow = (roundNumber: number, cycleNumber = before.cycleNumber) =>
    ledgerAccount.roundEscrow(before.fundId, cycleNumber, roundNumber);
  const find = (id: string) => before.contributions.find((c) => c.id === id);
  switch (event.type) {
    case 'ContributionMade': {
      const c = event.contribution;
      if (c.method !== 'paypal') return [];
      return [capture(c, escrow(c.roundNumber, c.cycleNumber))];
    }
    case 'ContributionConfirmed': {
      const c = find(event.contributionId)!;
      const recipient = c.recipientId;
      return [
        {
          kind: 'manual-contribution',
          key: `contribution:${c.id}`,
          entries: [
            entry(ledgerAccount.funding(payerOf(c)), payerOf(c), -c.amountCents),
            entry(ledgerAccount.payout(recipient), recipient, c.amountCents),
          ],
        },
      ];
    }
    case 'RoundDistributed': {
      const round = before.round!;
      const platform = roundContributions(before).filter((c) => counts(c) && c.method !== 'manual');
      const captures = platform
        .filter((c) => c.status === 'authorized')
        .map((c) => capture(c, escrow(round.number)));
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
            entry(escrow(round.number), null, -grossCents),
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
      if (c.method === 'paypal' || c.statusBeforeRefund === 'captured') {
        return [
          {
            kind: 'refund',
            key,
            entries: [entry(escrow(c.roundNumber, c.cycleNumber), null, -c.amountCents), refunds],
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

function capture(c: Contribution, escrowAccount: string): LedgerTransaction {
  return {
    kind: 'contribution',
    key: `contribution:${c.id}`,
    entries: [
      entry(ledgerAccount.funding(payerOf(c)), payerOf(c), -c.amountCents),
      entry(escrowAccount, null, c.amountCents),
    ],
  };
}
