import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns';

/** Organizations, their members and what signs them in: sessions, emailed tokens, cookie choices, used captchas. */

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
    /** What the member's sessions list names it by: never the id or its hash. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    /** The browser's User-Agent at sign-in, shown as "Chrome on Android". */
    userAgent: text('user_agent'),
    /** Refreshed at most every few minutes (db/session.repository.ts), not on every request. */
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    /**
     * The passkey that signed this session in, if one did: removing the passkey ends the sessions
     * it opened (use-cases/passkeys.ts). No foreign key: the removal deletes them in its own
     * transaction, and an account's deletion takes sessions and passkeys together.
     */
    passkeyId: uuid('passkey_id'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_passkey_idx').on(t.passkeyId),
  ],
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
  (t) => [
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    // The prune of expired tokens (db/token.repository.ts) finds them by it.
    index('user_tokens_expires_idx').on(t.expiresAt),
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
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    id: text('id').primaryKey(),
    createdAt: createdAt(),
  },
  // The prune of old ones (db/used-captchas.queries.ts) finds them by it.
  (t) => [index('used_captchas_created_idx').on(t.createdAt)],
);
