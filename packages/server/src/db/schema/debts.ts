import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt, tz } from './columns';

/**
 * Debts between members (issue 16, domain.md Covering a member). A cover makes one: the
 * covered member owes the one who paid. `pending` while the cover can still be undone (a card
 * declined, the round restarted), `open` once the round paid out (then it is in the ledger and
 * can be settled), `settling` while a repayment through the platform is under way, `settled`
 * once repaid, `cancelled` if the cover was undone before that.
 */
export const memberDebts = pgTable(
  'member_debts',
  {
    /** A cover's debt has the covered contribution's id: one debt per cover, ever. */
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    debtorId: uuid('debtor_id')
      .notNull()
      .references(() => users.id),
    creditorId: uuid('creditor_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').$type<'cover'>().notNull(),
    status: text('status').$type<'pending' | 'open' | 'settling' | 'settled' | 'cancelled'>().notNull(),
    createdAt: createdAt(),
    /** A manual repayment the debtor declared, waiting for the creditor's confirmation. */
    repaymentDeclaredAt: tz('repayment_declared_at'),
    settledAt: tz('settled_at'),
    settledBy: text('settled_by').$type<'manual' | 'card' | 'paypal'>(),
    /** The repayment through the platform under way (or last tried): its charge's id. */
    settlementId: uuid('settlement_id'),
  },
  (t) => [
    index('member_debts_debtor_idx').on(t.debtorId),
    index('member_debts_creditor_idx').on(t.creditorId),
  ],
);
