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
  /** What other members owe this one (they covered them), and what this one owes others. */
  memberReceivable: (userId: string) => `member-receivable:${userId}`,
  memberPayable: (userId: string) => `member-payable:${userId}`,
  /**
   * Money captured and on the platform's balance at the provider that took it (card or PayPal),
   * not yet paid out or given back: what reconciliation compares with the provider's balance.
   */
  providerHeld: (method: 'card' | 'paypal') => `provider-held:${method}`,
  platformFees: 'platform:fees',
} as const;

export const FUNDING_PREFIX = 'funding:';
export const PAYOUT_PREFIX = 'payout:';
export const REFUNDS_PREFIX = 'refunds:';
export const ESCROW_PREFIXES = ['round-escrow:', 'request-escrow:'] as const;
export const PROVIDER_HELD_PREFIX = 'provider-held:';

/**
 * The entries that take a payout's gross off the provider balances it was captured to: one per
 * payment method with money in it (a contribution without a method is a card hold).
 */
export function offProviderBalances(
  paid: readonly { method?: string | undefined; amountCents: Cents }[],
): LedgerEntry[] {
  return (['card', 'paypal'] as const)
    .map((method) => ({
      account: ledgerAccount.providerHeld(method),
      userId: null,
      amountCents: -paid
        .filter((c) => (c.method === 'paypal' ? 'paypal' : 'card') === method)
        .reduce((sum, c) => sum + c.amountCents, 0),
    }))
    .filter((e) => e.amountCents !== 0);
}

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

/** The kind of the transaction that settles a debt between members with money (debts.ts). */
export const REPAYMENT_KIND = 'member-debt-repaid';

/**
 * A repayment between members books the debtor's money to the creditor's payout account. That
 * money never passed through a pool: it gives the creditor back what she put in for him, so it
 * counts as less given by her (and more by him), not as received (ADR 0058). Otherwise the
 * family's total counted a covered contribution twice and the leaderboard ranked the loan.
 */
export const isRepaymentReceipt = (kind: string, account: string) =>
  kind === REPAYMENT_KIND && account.startsWith(PAYOUT_PREFIX);

/**
 * A member's totals: given is what left their funding source less what came back as refunds
 * or as repayments of what they covered; received is what reached their payout account from a
 * pool. Balance = received − given. So the members' given sum to what entered the pools.
 */
export function memberTotals(transactions: readonly LedgerTransaction[], userId: string) {
  const { givenCents, receivedCents, balanceCents } = totalsByMember(transactions).get(userId) ?? {
    givenCents: 0,
    receivedCents: 0,
    balanceCents: 0,
  };
  return { givenCents, receivedCents, balanceCents };
}

export interface JournalProblem {
  key: string;
  problem: string;
}

/** Accounts that belong to one member: their entries must name that member. */
const MEMBER_PREFIXES = [
  FUNDING_PREFIX,
  PAYOUT_PREFIX,
  REFUNDS_PREFIX,
  'debt:',
  'member-receivable:',
  'member-payable:',
] as const;

function accountOwner(account: string): string | null {
  const prefix = MEMBER_PREFIXES.find((p) => account.startsWith(p));
  return prefix ? account.slice(prefix.length) : null;
}

/**
 * Checks a whole journal: every transaction balances, keys are unique, amounts are integer
 * cents, a member's account carries that member, no escrow or provider balance is ever
 * overdrawn, and the escrow of every closed round or request is exactly zero. Money in = paid
 * out + fees + refunds + escrow + held at providers then follows from the balance of the whole.
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
      const owner = accountOwner(entry.account);
      if (owner !== null && entry.userId !== owner)
        problems.push({ key: transaction.key, problem: `${entry.account} booked for ${entry.userId}` });
    }
  }
  const b = balances(transactions);
  for (const [account, amount] of b) {
    if (ESCROW_PREFIXES.some((prefix) => account.startsWith(prefix)) && amount < 0)
      problems.push({ key: account, problem: `escrow overdrawn: ${amount}` });
    // More paid out of a provider's balance than was ever captured there.
    if (account.startsWith(PROVIDER_HELD_PREFIX) && amount < 0)
      problems.push({ key: account, problem: `provider balance overdrawn: ${amount}` });
  }
  for (const escrow of closedEscrows) {
    if ((b.get(escrow) ?? 0) !== 0) problems.push({ key: escrow, problem: `escrow left: ${b.get(escrow)}` });
  }
  return problems;
}

export interface MemberTotals {
  givenCents: Cents;
  receivedCents: Cents;
  balanceCents: Cents;
  /** A shortfall recorded against an expelled member who had already received. */
  debtCents: Cents;
}

/**
 * Every member's totals in one pass (the dashboard reads these, never a second counter):
 * given = funding out − refunds back − repayments received; received = payouts from a pool.
 */
export function totalsByMember(transactions: readonly LedgerTransaction[]): Map<string, MemberTotals> {
  const result = new Map<string, MemberTotals>();
  const of = (userId: string) => {
    let totals = result.get(userId);
    if (!totals) {
      totals = { givenCents: 0, receivedCents: 0, balanceCents: 0, debtCents: 0 };
      result.set(userId, totals);
    }
    return totals;
  };
  for (const transaction of transactions) {
    for (const { account, amountCents } of transaction.entries) {
      const owner = accountOwner(account);
      if (owner === null) continue;
      const totals = of(owner);
      if (isRepaymentReceipt(transaction.kind, account)) totals.givenCents -= amountCents;
      else if (account.startsWith(FUNDING_PREFIX)) totals.givenCents -= amountCents;
      else if (account.startsWith(REFUNDS_PREFIX)) totals.givenCents -= amountCents;
      else if (account.startsWith(PAYOUT_PREFIX)) totals.receivedCents += amountCents;
      else totals.debtCents += amountCents;
    }
  }
  for (const totals of result.values()) totals.balanceCents = totals.receivedCents - totals.givenCents;
  return result;
}

/** The journal check and the balances per member together: what an audit of one organization shows. */
export function auditJournal(
  transactions: readonly LedgerTransaction[],
  closedEscrows: readonly string[] = [],
): { problems: JournalProblem[]; members: Map<string, MemberTotals> } {
  return { problems: checkJournal(transactions, closedEscrows), members: totalsByMember(transactions) };
}
