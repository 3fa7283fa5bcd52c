import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt, tz } from './columns';

/** Invitations: admin-issued tester invites, every use of an invite code, and each code's running totals. */

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
