import {
  FUNDING_PREFIX,
  ledgerAccount,
  PAYOUT_PREFIX,
  REFUNDS_PREFIX,
  REPAYMENT_KIND,
} from '@giro/domain/ledger';
import { and, eq, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { ledgerEntries, ledgerTransactions } from './schema';

/**
 * Totals read from the ledger, never from a second counter (domain.md, Money): given is what
 * left a member's funding source less what came back as refunds or as repayments of what they
 * covered; received is what reached their payout account from a pool. Same rule as
 * `totalsByMember` of the domain's ledger (ADR 0058). The sums are read from the members'
 * indexes (ADR 0043); the few repayments between members, from their own, and taken off both.
 */
const account = ledgerEntries.account;
const amount = ledgerEntries.amountCents;
const givenSql = sql<string>`coalesce(-sum(${amount}) filter (where ${account} like ${`${FUNDING_PREFIX}%`} or ${account} like ${`${REFUNDS_PREFIX}%`}), 0)`;
const receivedSql = sql<string>`coalesce(sum(${amount}) filter (where ${account} like ${`${PAYOUT_PREFIX}%`}), 0)`;

/** What repayments between members paid to each creditor, among the entries `where` selects. */
async function repaymentsReceived(db: DbOrTx, where: SQL | undefined): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: ledgerEntries.userId, cents: sql<string>`sum(${amount})` })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(and(eq(ledgerTransactions.kind, REPAYMENT_KIND), like(account, `${PAYOUT_PREFIX}%`), where))
    .groupBy(ledgerEntries.userId);
  return new Map(rows.map((row) => [row.userId ?? '', Number(row.cents)]));
}

const inOrganization = (organizationId: string) => eq(ledgerTransactions.organizationId, organizationId);

export async function memberTotals(db: DbOrTx, organizationId: string) {
  const [rows, repaid] = await Promise.all([
    db
      .select({ userId: ledgerEntries.userId, givenCents: givenSql, receivedCents: receivedSql })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.organizationId, organizationId))
      .groupBy(ledgerEntries.userId),
    repaymentsReceived(db, inOrganization(organizationId)),
  ]);
  return new Map(
    rows.map((row) => {
      const back = repaid.get(row.userId ?? '') ?? 0;
      return [
        row.userId ?? '',
        { givenCents: Number(row.givenCents) - back, receivedCents: Number(row.receivedCents) - back },
      ];
    }),
  );
}

/** A member's totals over every organization's ledger (they may have moved). */
export async function userTotals(db: DbOrTx, userId: string) {
  const [[row], repaid] = await Promise.all([
    db
      .select({
        givenCents: sql<string>`coalesce(-sum(${amount}) filter (where ${account} in (${ledgerAccount.funding(userId)}, ${ledgerAccount.refunds(userId)})), 0)`,
        receivedCents: sql<string>`coalesce(sum(${amount}) filter (where ${account} = ${ledgerAccount.payout(userId)}), 0)`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId)),
    repaymentsReceived(db, and(eq(ledgerEntries.userId, userId), eq(account, ledgerAccount.payout(userId)))),
  ]);
  const back = repaid.get(userId) ?? 0;
  return {
    givenCents: Number(row?.givenCents ?? 0) - back,
    receivedCents: Number(row?.receivedCents ?? 0) - back,
  };
}

/** Everything the organization's members have given: what entered its pools. */
export async function organizationContributions(db: DbOrTx, organizationId: string): Promise<number> {
  const [[row], repaid] = await Promise.all([
    db
      .select({ total: givenSql })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.organizationId, organizationId)),
    repaymentsReceived(db, inOrganization(organizationId)),
  ]);
  return Number(row?.total ?? 0) - [...repaid.values()].reduce((sum, cents) => sum + cents, 0);
}
