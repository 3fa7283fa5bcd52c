import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, tz } from './columns';

/**
 * A member's passkeys, the WebAuthn challenges in flight, what happened to their account, and the
 * rate limits' counters.
 */

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The authenticator's credential id, base64url: how a sign-in names the passkey. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. Public, but still never shown or exported. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen; one that goes backwards is refused (a cloned key). */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** 'singleDevice' or 'multiDevice' (synced), and whether it is backed up now. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    /**
     * Whether its authenticator verifies who holds it (a fingerprint, a face, a PIN): true once
     * registered (required since stop 73) or used with it, false once a sign-in came without it
     * (refused, PASSKEY_USER_NOT_VERIFIED), null for one added before and not used since.
     */
    userVerified: boolean('user_verified'),
    /** The member's own name for it ("Anna's phone"). */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * Challenges handed to a browser, single-use (deleted when answered) and valid for five
 * minutes. A registration's belongs to the member adding a passkey; a sign-in's to nobody yet
 * (discoverable credentials: the passkey says whose it is).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/** What happened to a member's account that they should know of, shown in Account and mailed. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    /** What the event names: the browser ("Chrome on Android"), the passkey's name. */
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The rate limits' counters (ADR 0049), shared by every instance on the database: one row per
 * route and caller (an address or a member), counting the requests of the window ending at
 * `resets_at`. Ended windows are pruned with the other old rows.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: tz('resets_at').notNull(),
  },
  (t) => [index('rate_limit_hits_resets_idx').on(t.resetsAt)],
);
