import type { Cents } from './money';

/**
 * The double-entry ledger (domain.md, Money). A transaction is a set of entries whose amounts
 * sum to zero: debits positive, credits negative. Entries are immutable; a correction is a new
 * transaction. Totals on the dashboard are read from here and nowhere else.
 */
export interface LedgerEntry {
  account: string;
  userId: string | null;
  amountCents: Cents;
}

export interface LedgerTransaction {
  kind: string;
  /** Makes the posting idempotent: one transaction per key, ever. */
  key: string;
  entries: LedgerEntry[];
}

export const ledgerAccount = {
  funding: (userId: string) => `funding:${userId}`,
  payout: (userId: string) => `payout:${userId}`,
  refunds: (userId: string) => `refunds:${userId}`,
  debt: (userId: string) => `debt:${userId}`,
  roundEscrow: (fundId: string, cycle: number, round: number) => `round-escrow:${fundId}:${cycle}:${round}`,
  requestEscrow: (requestId: string) => `request-escrow:${requestId}`,
  debtOffset: (fundId: string) => `debt-offset:${fundId}`,
  platformFees: 'platform:fees',
} as const;

export const FUNDING_PREFIX = 'funding:';
export const PAYOUT_PREFIX = 'payout:';
export const REFUNDS_PREFIX = 'refunds:';
export const ESCROW_PREFIXES = ['round-escrow:', 'request-escrow:'] as const;

export function isBalanced(transaction: LedgerTransaction): boolean {
  return transaction.entries.reduce((sum, entry) => sum + entry.amountCents, 0) === 0;
}

export function balances(transactions: readonly LedgerTransaction[]): Map<string, Cents> {
  const result = new Map<string, Cents>();
  for (const transaction of transactions) {
    for (const entry of transaction.entries)
      result.set(entry.account, (result.get(entry.account) ?? 0) + entry.amountCents);
  }
  return result;
}

/**
 * A member's totals: given is what left their funding source less what came back as refunds;
 * received is what reached their payout account. Balance = received − given.
 */
export function memberTotals(transactions: readonly LedgerTransaction[], userId: string) {
  const b = balances(transactions);
  const givenCents =
    -(b.get(ledgerAccount.funding(userId)) ?? 0) - (b.get(ledgerAccount.refunds(userId)) ?? 0);
  const receivedCents = b.get(ledgerAccount.payout(userId)) ?? 0;
  return { givenCents, receivedCents, balanceCents: receivedCents - givenCents };
}

export interface JournalProblem {
  key: string;
  problem: string;
}

/**
 * Checks a whole journal: every transaction balances, keys are unique, and the escrow of every
 * closed round or request is exactly zero. Money in = paid out + fees + refunds + escrow then
 * follows from the balance of the whole.
 */
export function checkJournal(
  transactions: readonly LedgerTransaction[],
  closedEscrows: readonly string[] = [],
): JournalProblem[] {
  const problems: JournalProblem[] = [];
  const keys = new Set<string>();
  for (const transaction of transactions) {
    if (!isBalanced(transaction)) problems.push({ key: transaction.key, problem: 'unbalanced' });
    if (keys.has(transaction.key)) problems.push({ key: transaction.key, problem: 'duplicate key' });
    keys.add(transaction.key);
    for (const entry of transaction.entries) {
      if (!Number.isSafeInteger(entry.amountCents))
        problems.push({ key: transaction.key, problem: 'non-integer amount' });
    }
  }
  const b = balances(transactions);
  for (const escrow of closedEscrows) {
    if ((b.get(escrow) ?? 0) !== 0) problems.push({ key: escrow, problem: `escrow left: ${b.get(escrow)}` });
  }
  return problems;
}
