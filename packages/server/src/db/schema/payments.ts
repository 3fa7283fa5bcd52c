import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt, tz } from './columns';

/** Payments: idempotency keys, payout accounts, payment preferences, the sandbox provider, provider webhooks, payment operations. */

/**
 * The first answer to a request that moves money, by its Idempotency-Key: a replay (same
 * user, route and request hash) gets the same answer and moves nothing twice; any other use of
 * the key is refused. Keys are unique across users, so another user's use of a key is refused
 * rather than carried out beside it, and never answered with the first user's answer. Kept
 * `IDEMPOTENCY_KEY_DAYS` (db/idempotency.repository.ts), then pruned by their age.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    route: text('route').notNull(),
    /** SHA-256 of method, route, path parameters and canonical body; null on rows stored before it was kept. */
    requestHash: text('request_hash'),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * A member's connected payout account at the card provider (domain.md, Connected payment
 * account). Payouts need status `active`.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  provider: text('provider').notNull(),
  providerAccountId: text('provider_account_id').notNull(),
  status: text('status').notNull(),
  /** Unlinked: the provider account stays, the platform stops using it until reconnected. */
  unlinkedAt: tz('unlinked_at'),
  createdAt: createdAt(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * How a member last paid, to prefill the next payment (issue 13, one-tap payments): the method,
 * and the billing address of their last card payment. Editable and removable in Account;
 * deleted with the account.
 */
export const paymentPreferences = pgTable('payment_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  lastMethod: text('last_method'),
  billingAddress: jsonb('billing_address'),
  updatedAt: tz('updated_at').notNull(),
});

/**
 * The sandbox provider's own records of connected accounts (architecture.md, Payments): what a
 * real provider would hold on its side, kept in our database so it survives a restart.
 */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  accountId: text('account_id').primaryKey(),
  userId: uuid('user_id').references(() => users.id),
  status: text('status').notNull(),
  createdAt: createdAt(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * The sandbox provider's card charges that wait for their payer to confirm with their bank
 * (`pm_card_authenticationRequired`), kept like a real provider keeps them: across restarts.
 * `status`: requires_action, then authorized or failed on the sandbox's confirmation page;
 * cancelled when refunded (a hold released, or a confirmation that came too late).
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  ref: text('ref').primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  createdAt: createdAt(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * The sandbox provider's book of money moved (reconciliation reads it back, as it reads a real
 * provider's captures, refunds and transfers): one row per capture, refund of captured money,
 * or payout, its `ref` derived from our idempotency key, so a call repeated after a restart
 * books nothing twice. A released hold moved nothing and has no row.
 */
export const sandboxMovements = pgTable(
  'sandbox_movements',
  {
    ref: text('ref').primaryKey(),
    kind: text('kind').notNull(),
    /** The charge captured or refunded; null for a payout. */
    chargeRef: text('charge_ref'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_movements_charge_idx').on(t.chargeRef)],
);

/** Provider webhook deliveries already handled, by the provider's event id: a repeat is ignored. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Payment operations sent to a provider (authorize, capture, refund, payout), each with its
 * own id as the provider's idempotency key: a retry after a crash repeats nothing.
 */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind').notNull(),
    /** What it is for, e.g. `contribution:<id>` or `payout:<fund>:<cycle>:<round>`: unique per kind. */
    subject: text('subject').notNull(),
    userId: uuid('user_id').references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    request: jsonb('request').notNull(),
    status: text('status').notNull().default('pending'),
    providerRef: text('provider_ref'),
    /**
     * A payout split between the recipient's PayPal email and their connected account: the PayPal
     * part's reference (`provider_ref` is the account part's), for reconciliation to read it back.
     */
    paypalRef: text('paypal_ref'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: tz('completed_at'),
    /**
     * Booked under ADR 0030's rules, so reconciliation compares it with the provider. Operations
     * recorded before migration 0021 are false: their money was booked to escrow accounts.
     */
    reconcilable: boolean('reconcilable').notNull().default(true),
    /**
     * When reconciliation last found it agreeing with its provider. Null puts it first in the
     * next run: new, found different, or (a charge) its money moved again since (ADR 0030).
     */
    reconciledAt: tz('reconciled_at'),
  },
  (t) => [
    uniqueIndex('payment_operations_subject_key').on(t.kind, t.subject),
    // Reconciliation's order: what was never compared (or moved since), then the longest ago.
    index('payment_operations_reconcile_due_idx')
      .on(t.reconciledAt.asc().nullsFirst(), t.createdAt, t.id)
      .where(sql`status = 'succeeded' AND reconcilable AND provider_ref IS NOT NULL`),
    // A charge by its contribution (reconciliation puts one moved by a refund or capture first again).
    index('payment_operations_charge_contribution_idx')
      .on(sql`(request->>'contributionId')`)
      .where(sql`kind = 'charge'`),
    // A payout's PayPal part paid by an earlier attempt (payments/pay-out.ts).
    index('payment_operations_paypal_part_idx')
      .on(sql`(request->'paypal'->>'key')`)
      .where(sql`paypal_ref IS NOT NULL`),
    // What finished moving money since the last run (refunds and payouts).
    index('payment_operations_completed_idx').on(t.completedAt).where(sql`kind <> 'charge'`),
  ],
);
