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
  // Admin statistics: money moved per day.
  (t) => [index('ledger_transactions_created_idx').on(t.createdAt)],
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
  ],
);
