import type { FundEvent } from '@giro/domain/fund/fund-types';
import { ledgerAccount } from '@giro/domain/ledger';
import type { FundingRequest, RequestsState } from '@giro/domain/requests/request-types';
import { arrayContains, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { rowsOf } from './insights/rows';
import {
  cookieConsents,
  endedRequests,
  ledgerEntries,
  ledgerTransactions,
  memberDebts,
  notifications,
  organizations,
  passkeys,
  pushSubscriptions,
  requestStates,
  securityEvents,
  sessions,
  users,
} from './schema';

/**
 * What a member's data export (GET /api/account/export) reads. Every query names its columns:
 * a secret (password hash, token or session hash, invite code, push or passkey key) is never
 * read, so no later change to a view can leak it.
 */

export async function profileOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
      languagePreference: users.languagePreference,
      paypalEmail: users.paypalEmail,
      role: users.role,
      strikes: users.strikes,
      emailVerifiedAt: users.emailVerifiedAt,
      familyId: users.familyId,
      memberSince: users.memberSince,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The organization without its invite code (a secret that lets anyone join). */
export async function organizationOf(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      createdAt: organizations.createdAt,
      closedAt: organizations.closedAt,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

export interface FundEventsRow {
  fundId: string;
  organizationId: string;
  events: FundEvent[];
}

/**
 * Every event of each fund the member took part in (a voter of some voting round, or a payer
 * of some contribution), in order: the export replays them to know what became of each of
 * their contributions. The member's funds are found through the type index.
 */
export async function fundEventsOf(db: DbOrTx, userId: string): Promise<FundEventsRow[]> {
  const rows = await rowsOf<{ fund_id: string; organization_id: string; payload: FundEvent }>(
    db,
    sql`select fund_id, organization_id, payload from fund_events
        where fund_id in (
          select fund_id from fund_events
          where (type = 'VotingOpened' and payload->'voters' @> jsonb_build_array(${userId}::text))
             or (type = 'ContributionMade'
                 and ${userId} in (payload->'contribution'->>'contributorId', payload->'contribution'->>'paidBy')))
        order by fund_id, id`,
  );
  const funds = new Map<string, FundEventsRow>();
  for (const row of rows) {
    let fund = funds.get(row.fund_id);
    if (!fund) {
      fund = { fundId: row.fund_id, organizationId: row.organization_id, events: [] };
      funds.set(row.fund_id, fund);
    }
    fund.events.push(row.payload);
  }
  return [...funds.values()];
}

/**
 * The requests of each organization where the member asked for or gave to a request: its state,
 * and the ended requests the state let go (ADR 0042), all in order of creation.
 */
export async function requestStatesOf(db: DbOrTx, userId: string) {
  const states = await requestStatesHolding(db, userId);
  const ended = await db
    .select({ organizationId: endedRequests.organizationId, request: endedRequests.request })
    .from(endedRequests)
    .where(arrayContains(endedRequests.people, [userId]));
  const byOrganization = new Map(states.map((s) => [s.organizationId, [...s.state.requests]]));
  for (const row of ended) {
    const list = byOrganization.get(row.organizationId) ?? [];
    const request = row.request as FundingRequest;
    // One the state holds again (put back, then kept) is there as it is now.
    if (!list.some((r) => r.id === request.id)) list.push(request);
    byOrganization.set(row.organizationId, list);
  }
  return [...byOrganization].map(([organizationId, requests]) => ({
    organizationId,
    state: { requests: requests.sort((a, b) => a.createdAt - b.createdAt) } satisfies RequestsState,
  }));
}

async function requestStatesHolding(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ organizationId: requestStates.organizationId, state: requestStates.state })
    .from(requestStates)
    .where(
      sql`exists (select 1 from jsonb_array_elements(${requestStates.state}->'requests') r
                  where r->>'ownerId' = ${userId}
                     or exists (select 1 from jsonb_array_elements(r->'contributions') c
                                where c->>'contributorId' = ${userId}))`,
    );
  return rows.map((row) => ({ organizationId: row.organizationId, state: row.state as RequestsState }));
}

export interface LedgerRow {
  transactionId: string;
  kind: string;
  key: string | null;
  organizationId: string;
  createdAt: Date;
  account: string;
  userId: string | null;
  amountCents: number;
}

/**
 * Every ledger transaction that touches one of the member's own accounts, with all its entries
 * (the escrow, the fee, the other member of a manual payment or a cover), in booking order.
 */
export async function ledgerOf(db: DbOrTx, userId: string): Promise<LedgerRow[]> {
  const own = [
    ledgerAccount.funding(userId),
    ledgerAccount.refunds(userId),
    ledgerAccount.payout(userId),
    ledgerAccount.debt(userId),
    ledgerAccount.memberPayable(userId),
    ledgerAccount.memberReceivable(userId),
  ];
  const mine = db
    .select({ id: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, own));
  return db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      key: ledgerTransactions.idempotencyKey,
      organizationId: ledgerTransactions.organizationId,
      createdAt: ledgerTransactions.createdAt,
      account: ledgerEntries.account,
      userId: ledgerEntries.userId,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(inArray(ledgerEntries.transactionId, mine))
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id), asc(ledgerEntries.id));
}

/** Debts to and from other members, cancelled ones included (they are stored too). */
export function debtRowsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: memberDebts.id,
      organizationId: memberDebts.organizationId,
      debtorId: memberDebts.debtorId,
      creditorId: memberDebts.creditorId,
      amountCents: memberDebts.amountCents,
      reason: memberDebts.reason,
      status: memberDebts.status,
      createdAt: memberDebts.createdAt,
      repaymentDeclaredAt: memberDebts.repaymentDeclaredAt,
      settledAt: memberDebts.settledAt,
      settledBy: memberDebts.settledBy,
    })
    .from(memberDebts)
    .where(or(eq(memberDebts.debtorId, userId), eq(memberDebts.creditorId, userId)))
    .orderBy(asc(memberDebts.createdAt));
}

/** All of them, not the latest page the bell shows. */
export function notificationRowsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: notifications.id,
      organizationId: notifications.organizationId,
      type: notifications.type,
      data: notifications.data,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** The browsers' addresses only: their encryption keys (p256dh, auth) stay out. */
export function pushEndpointsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      expiresAt: pushSubscriptions.expiresAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/** When each session began and ends; which one asks is compared in SQL, its hash never read. */
export function sessionsOf(db: DbOrTx, userId: string, currentIdHash: string | null) {
  return db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      isCurrent: sql<boolean>`${sessions.idHash} = ${currentIdHash ?? ''}`,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export function cookieConsentsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      necessary: cookieConsents.necessary,
      analytics: cookieConsents.analytics,
      marketing: cookieConsents.marketing,
      functional: cookieConsents.functional,
      createdAt: cookieConsents.createdAt,
    })
    .from(cookieConsents)
    .where(eq(cookieConsents.userId, userId))
    .orderBy(asc(cookieConsents.createdAt));
}

/** What the member sees of their passkeys: never the credential id or its public key. */
export function passkeysOf(db: DbOrTx, userId: string) {
  return db
    .select({
      name: passkeys.name,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export function securityEventsOf(db: DbOrTx, userId: string) {
  return db
    .select({ kind: securityEvents.kind, detail: securityEvents.detail, createdAt: securityEvents.createdAt })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(asc(securityEvents.createdAt));
}
