import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt } from './columns';

/** The double-entry ledger: every money movement as a transaction of balanced entries. */

/**
 * The double-entry ledger (domain.md, Money). A transaction's entries sum to zero; entries are
 * immutable. Debits are positive, credits negative. Accounts are named `kind:owner`.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    // Admin statistics: money moved per day.
    index('ledger_transactions_created_idx').on(t.createdAt),
    // The family's totals take its repayments between members off (ADR 0058): few, found here.
    index('ledger_transactions_repayments_idx').on(t.organizationId).where(sql`kind = 'member-debt-repaid'`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    account: text('account').notNull(),
    userId: uuid('user_id').references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.account),
    index('ledger_entries_org_idx').on(t.organizationId),
    // A member's statement reads the other entries of each of their transactions.
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // The organization snapshot's member totals and the caller's own (ADR 0043): read from an
    // index alone, in the order the sums group them, without fetching each entry from wherever
    // the table holds it.
    index('ledger_entries_member_totals_idx')
      .on(t.organizationId, t.userId, t.account, t.amountCents)
      .where(sql`user_id is not null`),
    index('ledger_entries_user_totals_idx')
      .on(t.userId, t.account, t.amountCents)
      .where(sql`user_id is not null`),
  ],
);
