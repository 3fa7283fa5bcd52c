import { FUNDING_PREFIX, PAYOUT_PREFIX, REFUNDS_PREFIX, REPAYMENT_KIND } from '@giro/domain/ledger';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { ledgerEntries, ledgerTransactions } from './schema';

/**
 * Totals read from the ledger, never from a second counter (domain.md, Money): given is what
 * left a member's funding source less what came back as refunds or as repayments of what they
 * covered; received is what reached their payout account from a pool. Same rule as
 * `totalsByMember` of the domain's ledger (ADR 0058), hence the join to each entry's transaction.
 */
const account = ledgerEntries.account;
const amount = ledgerEntries.amountCents;
const repaid = sql`(${ledgerTransactions.kind} = ${REPAYMENT_KIND} and ${account} like ${`${PAYOUT_PREFIX}%`})`;
const givenSql = sql<string>`coalesce(-sum(${amount}) filter (where ${account} like ${`${FUNDING_PREFIX}%`} or ${account} like ${`${REFUNDS_PREFIX}%`} or ${repaid}), 0)`;
const receivedSql = sql<string>`coalesce(sum(${amount}) filter (where ${account} like ${`${PAYOUT_PREFIX}%`} and not ${repaid}), 0)`;
const ofTransaction = eq(ledgerTransactions.id, ledgerEntries.transactionId);

export async function memberTotals(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select({ userId: ledgerEntries.userId, givenCents: givenSql, receivedCents: receivedSql })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, ofTransaction)
    .where(and(eq(ledgerEntries.organizationId, organizationId), isNotNull(ledgerEntries.userId)))
    .groupBy(ledgerEntries.userId);
  return new Map(
    rows.map((row) => [
      row.userId ?? '',
      { givenCents: Number(row.givenCents), receivedCents: Number(row.receivedCents) },
    ]),
  );
}

/** A member's totals over every organization's ledger (they may have moved). */
export async function userTotals(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ givenCents: givenSql, receivedCents: receivedSql })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, ofTransaction)
    .where(eq(ledgerEntries.userId, userId));
  return { givenCents: Number(row?.givenCents ?? 0), receivedCents: Number(row?.receivedCents ?? 0) };
}

/** Everything the organization's members have given: what entered its pools. */
export async function organizationContributions(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: givenSql })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, ofTransaction)
    .where(and(eq(ledgerEntries.organizationId, organizationId), isNotNull(ledgerEntries.userId)));
  return Number(row?.total ?? 0);
}
