import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one schema for PGlite and PostgreSQL. Money columns are integer cents (bigint, read as
 * JS numbers within the safe range); timestamps are timestamptz; organization-scoped tables
 * carry the organization id.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tz = (name: string) => timestamp(name, { withTimezone: true });

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  inviteCode: text('invite_code').notNull().unique(),
  createdAt: createdAt(),
  /** Set when the last member leaves; the row stays for the ledger. */
  closedAt: tz('closed_at'),
  /** The last real-time event's number for this organization: a client that sees a gap resyncs. */
  eventSeq: bigint('event_seq', { mode: 'number' }).notNull().default(0),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    displayName: text('display_name').notNull(),
    emailVerifiedAt: tz('email_verified_at'),
    // Null until the member picks a language: the interface follows the browser meanwhile, and
    // mail goes out in the default language (use-cases/member-language.ts).
    languagePreference: text('language_preference'),
    paypalEmail: text('paypal_email'),
    role: text('role').notNull().default('member'),
    strikes: integer('strikes').notNull().default(0),
    familyId: uuid('family_id').references(() => organizations.id),
    memberSince: tz('member_since'),
    lastVerificationMailAt: tz('last_verification_mail_at'),
    createdAt: createdAt(),
    /** Deletion erases personal data and keeps the row as an anonymous placeholder for the ledger. */
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_family_idx').on(t.familyId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session id: a leaked table does not leak usable sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').references(() => users.id),
    data: jsonb('data').notNull(),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use emailed tokens (verification, password reset, account deletion), stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Admin-issued invitations to create an organization while registration is invite-only. */
export const testerInvites = pgTable('tester_invites', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  email: text('email'),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  usedBy: uuid('used_by').references(() => users.id),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  /** An admin withdrew it before it was used: it can no longer be claimed. */
  revokedAt: tz('revoked_at'),
});

/** Every use of an invite code or tester invite: visit, registration, join, conversion. */
export const inviteEvents = pgTable(
  'invite_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    testerInviteId: uuid('tester_invite_id').references(() => testerInvites.id),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('invite_events_code_idx').on(t.code),
    // Admin invite tracking: the daily series, and each tester invite's events.
    index('invite_events_created_idx').on(t.createdAt),
    index('invite_events_tester_idx').on(t.testerInviteId).where(sql`tester_invite_id is not null`),
  ],
);

/**
 * Everything that leaves the process (emails now; provider calls and socket events later) is
 * written here in the same transaction as the change that causes it, and sent by a worker.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    organizationId: uuid('organization_id'),
    payload: jsonb('payload').notNull(),
    availableAt: tz('available_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    processedAt: tz('processed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_pending_idx').on(t.availableAt).where(sql`processed_at is null`),
    // The email-tracking page reads each email's delivery attempts by its mail id.
    index('outbox_mail_id_idx').on(sql`(${t.payload}->>'mailId')`).where(sql`topic = 'mail'`),
  ],
);

/** Every email the platform sends, with its delivery state (also the development mailbox). */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: text('status').notNull().default('queued'),
    sentAt: tz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt, t.id)],
);

/** Admin-edited email texts per template and language; the defaults in mail/templates.ts apply otherwise. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    key: text('key').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.language] })],
);

/**
 * Every API request, recorded in memory and written in batches (monitoring/); bounded by count
 * and age by a periodic prune. Route templates only, never a URL: no tokens or personal data
 * beyond the user id.
 */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    userId: uuid('user_id'),
    requestId: text('request_id').notNull(),
  },
  (t) => [
    index('api_requests_at_idx').on(t.at, t.id),
    index('api_requests_route_at_idx').on(t.route, t.at),
    index('api_requests_user_at_idx').on(t.userId, t.at).where(sql`user_id is not null`),
  ],
);

export const cookieConsents = pgTable('cookie_consents', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id),
  necessary: boolean('necessary').notNull().default(true),
  analytics: boolean('analytics').notNull(),
  marketing: boolean('marketing').notNull(),
  functional: boolean('functional').notNull(),
  createdAt: createdAt(),
});

/** Captcha challenges already used (ALTCHA has no replay protection of its own). */
export const usedCaptchas = pgTable('used_captchas', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

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

/**
 * One rotating fund per organization. The decider's state is kept whole (it is small, and the
 * decider is the only thing that changes it); `next_deadline_at` is derived from it on every
 * write so the deadline worker finds what is due with an index.
 */
export const funds = pgTable(
  'funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .unique()
      .references(() => organizations.id),
    state: jsonb('state').notNull(),
    version: integer('version').notNull().default(0),
    nextDeadlineAt: tz('next_deadline_at'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('funds_next_deadline_idx').on(t.nextDeadlineAt).where(sql`next_deadline_at is not null`)],
);

/** Every event the fund's decider produced, in order: the fund's audit trail. */
export const fundEvents = pgTable(
  'fund_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    at: tz('at').notNull(),
  },
  (t) => [
    index('fund_events_fund_idx').on(t.fundId, t.id),
    // Admin fund metrics: counts by type, and a fund's next event of a type after a given one.
    index('fund_events_type_fund_idx').on(t.type, t.fundId, t.id),
  ],
);

/**
 * An organization's funding requests: the domain's RequestsState, one row per organization
 * (ADR 0012, as for funds), since the queue and the single active request are rules across
 * all of them. next_deadline_at is the active request's expiry, for the deadline worker.
 */
export const requestStates = pgTable(
  'request_states',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id),
    state: jsonb('state').notNull(),
    version: integer('version').notNull().default(0),
    nextDeadlineAt: tz('next_deadline_at'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('request_states_next_deadline_idx').on(t.nextDeadlineAt).where(sql`next_deadline_at is not null`),
  ],
);

/** Every event the request decider produced, in order: the requests' audit trail. */
export const requestEvents = pgTable(
  'request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    requestId: uuid('request_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    at: tz('at').notNull(),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.id)],
);

/** A member's notifications (SPEC §3): type and facts are stored, the text is rendered per language. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: uuid('organization_id').references(() => organizations.id),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    readAt: tz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // A fund's change finds its open calls to act (notifications/open-calls.ts) by these.
    index('notifications_organization_type_idx').on(t.organizationId, t.type),
  ],
);

/**
 * The first answer to a request that moves money, by its Idempotency-Key: a replay (same
 * user, route and request hash) gets the same answer and moves nothing twice; any other use of
 * the key is refused. Keys are unique across users, so another user's use of a key is refused
 * rather than carried out beside it, and never answered with the first user's answer.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
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
});

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
 * `status`: requires_action, then authorized or failed on the sandbox's confirmation page.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  ref: text('ref').primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  createdAt: createdAt(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

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
    error: text('error'),
    createdAt: createdAt(),
    completedAt: tz('completed_at'),
  },
  (t) => [uniqueIndex('payment_operations_subject_key').on(t.kind, t.subject)],
);

/**
 * Counters behind the admin insight pages (ADR 0017), so that they read a few hundred rows
 * instead of whole tables. Triggers on the counted tables append one row per (name, label, day)
 * changed by each statement to `insight_counter_deltas`, in the writer's transaction: the
 * figures are exact at every commit, and writers never wait on each other for a shared row. A
 * job folds the deltas into `insight_counters`; a figure is the sum over both tables.
 * `day` is the UTC day the counted row belongs to (created, booked or happened).
 */
export const insightCounters = pgTable(
  'insight_counters',
  {
    name: text('name').notNull(),
    label: text('label').notNull().default(''),
    day: date('day').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.label, t.day] })],
);

/** Not indexed: the job keeps it to the last minute's writes, and readers scan it whole. */
export const insightCounterDeltas = pgTable('insight_counter_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  label: text('label').notNull().default(''),
  day: date('day').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/**
 * Each invite code's funnel, kept by a trigger on `invite_events` in the same transaction, for
 * the busiest codes of invite tracking (one row per code that has had a visit, registration,
 * join or conversion).
 */
export const inviteCodeStats = pgTable(
  'invite_code_stats',
  {
    code: text('code').primaryKey(),
    organizationId: uuid('organization_id'),
    testerInviteId: uuid('tester_invite_id'),
    visits: integer('visits').notNull().default(0),
    registrations: integer('registrations').notNull().default(0),
    joins: integer('joins').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    lastAt: tz('last_at').notNull(),
  },
  (t) => [index('invite_code_stats_busiest_idx').on(t.visits.desc(), t.lastAt.desc())],
);

/**
 * The test clock's offset (TEST_CLOCK=1 only), so a server restarted on the same data comes back
 * to the time its data lives in rather than to real time. One row: its key can only be true.
 */
export const testClock = pgTable(
  'test_clock',
  {
    id: boolean('id').primaryKey().default(true),
    /** What the test-clock routes moved the clock by, in milliseconds (0 after a reset). */
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [check('test_clock_one_row', sql`${t.id}`)],
);
