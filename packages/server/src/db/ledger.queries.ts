import { FUNDING_PREFIX, ledgerAccount, PAYOUT_PREFIX, REFUNDS_PREFIX } from '@giro/domain/ledger';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { ledgerEntries } from './schema';

/**
 * Totals read from the ledger, never from a second counter (domain.md, Money): given is what
 * left a member's funding source less what came back as refunds; received is what reached
 * their payout account. Same rule as `memberTotals` of the domain's ledger.
 */
const account = ledgerEntries.account;
const amount = ledgerEntries.amountCents;
const givenSql = sql<string>`coalesce(-sum(${amount}) filter (where ${account} like ${`${FUNDING_PREFIX}%`} or ${account} like ${`${REFUNDS_PREFIX}%`}), 0)`;
const receivedSql = sql<string>`coalesce(sum(${amount}) filter (where ${account} like ${`${PAYOUT_PREFIX}%`}), 0)`;

export async function memberTotals(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select({ userId: ledgerEntries.userId, givenCents: givenSql, receivedCents: receivedSql })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, organizationId))
    .groupBy(ledgerEntries.userId);
  return new Map(
    rows.map((row) => [
      row.userId ?? '',
      { givenCents: Number(row.givenCents), receivedCents: Number(row.receivedCents) },
    ]),
  );
}

export async function userTotals(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      givenCents: sql<string>`coalesce(-sum(${amount}) filter (where ${account} in (${ledgerAccount.funding(userId)}, ${ledgerAccount.refunds(userId)})), 0)`,
      receivedCents: sql<string>`coalesce(sum(${amount}) filter (where ${account} = ${ledgerAccount.payout(userId)}), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return { givenCents: Number(row?.givenCents ?? 0), receivedCents: Number(row?.receivedCents ?? 0) };
}

/** Everything the organization's members have given. */
export async function organizationContributions(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: givenSql })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, organizationId));
  return Number(row?.total ?? 0);
}
