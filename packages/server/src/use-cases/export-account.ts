import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import type { NotificationType } from '@giro/contract/notifications';
import {
  cookieConsentsOf,
  debtRowsOf,
  fundEventsOf,
  ledgerOf,
  notificationRowsOf,
  organizationOf,
  passkeysOf,
  profileOf,
  pushEndpointsOf,
  requestStatesOf,
  securityEventsOf,
  sessionsOf,
} from '../db/account-export.queries';
import type { DbOrTx } from '../db/client';
import { findPreferences } from '../db/notification-preferences.repository';
import { findPaymentPreferences } from '../db/payment-preferences.repository';
import { findPayoutAccount } from '../db/payout-account.repository';
import { displayNames } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { loadNoticeOverrides } from '../notifications/notice-overrides';
import {
  type NotificationData,
  noticeTemplates,
  renderNotification,
} from '../notifications/notification-texts';
import { hashToken } from '../security/tokens';
import {
  endpointHost,
  fundSections,
  iso,
  isoOrNull,
  ledgerView,
  requestSections,
} from '../views/account-export.view';
import { memberFundHistory } from '../views/account-export-fund.view';

export const EXPORT_FORMAT = 'giro-export/1';

/**
 * GET /api/account/export: everything stored about the member (GDPR art. 15 and 20), read in
 * one read-only snapshot so its parts agree. None of the secrets: the queries never read a
 * password hash, a token or session hash, an invite code, a push or passkey key, or another
 * member's email; other members appear by display name only.
 */
export async function exportAccount(
  deps: Deps,
  userId: string,
  sessionId: string | undefined,
  language: Language,
) {
  return deps.db.transaction(
    (tx) => readExport(tx, userId, sessionId ? hashToken(sessionId) : null, language, deps.clock.now()),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export type AccountExport = Awaited<ReturnType<typeof readExport>>;

async function readExport(
  tx: DbOrTx,
  userId: string,
  currentIdHash: string | null,
  language: Language,
  now: Date,
) {
  const profile = await profileOf(tx, userId);
  if (!profile) throw new AppError('UNAUTHORIZED');
  const organization = profile.familyId ? await organizationOf(tx, profile.familyId) : undefined;
  const histories = (await fundEventsOf(tx, userId)).map((fund) => memberFundHistory(fund, userId));
  const requestStates = await requestStatesOf(tx, userId);
  const ledgerRows = await ledgerOf(tx, userId);
  const debts = await debtRowsOf(tx, userId);
  const names = await displayNames(tx, [
    ...new Set([
      ...histories.flatMap((h) => [
        ...h.votes.flatMap((v) => v.aboutMemberId ?? []),
        ...h.contributions.flatMap((c) => [c.recipientId, c.contributorId, c.paidBy ?? userId]),
        ...h.swaps.map((s) => s.otherMemberId),
      ]),
      ...requestStates.flatMap((s) => s.state.requests.map((r) => r.ownerId)),
      ...ledgerRows.flatMap((row) => row.userId ?? []),
      ...debts.flatMap((d) => [d.debtorId, d.creditorId]),
    ]),
  ]);
  const nameOf = (id: string) => names.get(id) || null;
  const ledger = ledgerView(ledgerRows, userId, nameOf);
  const preferences = await findPreferences(tx, userId);
  const payoutAccount = await findPayoutAccount(tx, userId);
  return {
    exportedAt: iso(now),
    format: EXPORT_FORMAT,
    profile: {
      id: profile.id,
      username: profile.username,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      displayName: profile.displayName,
      languagePreference:
        profile.languagePreference === null ? null : languageOrDefault(profile.languagePreference),
      paypalEmail: profile.paypalEmail,
      role: profile.role,
      strikes: profile.strikes,
      emailVerified: profile.emailVerifiedAt !== null,
      emailVerifiedAt: isoOrNull(profile.emailVerifiedAt),
      createdAt: iso(profile.createdAt),
    },
    organization: organization
      ? {
          id: organization.id,
          name: organization.name,
          type: organization.type,
          createdAt: iso(organization.createdAt),
          closedAt: isoOrNull(organization.closedAt),
          joinedAt: isoOrNull(profile.memberSince),
        }
      : null,
    ...fundSections(histories, userId, nameOf, ledger),
    ...requestSections(
      requestStates.map((s) => ({ organizationId: s.organizationId, requests: s.state.requests })),
      userId,
      nameOf,
      ledger,
    ),
    debts: debts.map((d) => {
      const owedByMember = d.debtorId === userId;
      return {
        id: d.id,
        organizationId: d.organizationId,
        direction: owedByMember ? ('owed-by-member' as const) : ('owed-to-member' as const),
        otherMember: nameOf(owedByMember ? d.creditorId : d.debtorId),
        amountCents: d.amountCents,
        reason: d.reason,
        status: d.status,
        createdAt: iso(d.createdAt),
        repaymentDeclaredAt: isoOrNull(d.repaymentDeclaredAt),
        settledAt: isoOrNull(d.settledAt),
        settledBy: d.settledBy,
        ledger: ledger.filter(
          (t) =>
            t.reference === `member-debt-repaid:${d.id}` || t.reference === `member-debt-forgiven:${d.id}`,
        ),
      };
    }),
    ledger,
    notifications: await notificationsOf(tx, userId, language),
    notificationPreferences: {
      types: preferences.types,
      quietHours: preferences.quietHours,
      timeZone: preferences.timeZone,
      weeklySummary: preferences.weeklySummary,
    },
    paymentPreferences: await findPaymentPreferences(tx, userId),
    payoutAccount: payoutAccount
      ? {
          provider: payoutAccount.provider,
          status: payoutAccount.status,
          linked: payoutAccount.unlinkedAt === null,
          createdAt: iso(payoutAccount.createdAt),
          updatedAt: iso(payoutAccount.updatedAt),
          unlinkedAt: isoOrNull(payoutAccount.unlinkedAt),
        }
      : null,
    pushSubscriptions: (await pushEndpointsOf(tx, userId)).map((p) => ({
      endpointHost: endpointHost(p.endpoint),
      createdAt: iso(p.createdAt),
      expiresAt: isoOrNull(p.expiresAt),
    })),
    sessions: (await sessionsOf(tx, userId, currentIdHash)).map((s) => ({
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      lastSeenAt: iso(s.lastSeenAt),
      userAgent: s.userAgent,
      isCurrent: s.isCurrent,
    })),
    cookieConsents: (await cookieConsentsOf(tx, userId)).map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    passkeys: (await passkeysOf(tx, userId)).map((p) => ({
      ...p,
      createdAt: iso(p.createdAt),
      lastUsedAt: isoOrNull(p.lastUsedAt),
    })),
    securityEvents: (await securityEventsOf(tx, userId)).map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
  };
}

/** Every notification, its stored facts and its text in the member's language. */
async function notificationsOf(tx: DbOrTx, userId: string, language: Language) {
  const overrides = await loadNoticeOverrides(tx);
  return (await notificationRowsOf(tx, userId)).map((row) => {
    const type = row.type as NotificationType;
    const data = row.data as NotificationData;
    const text = type in noticeTemplates ? renderNotification(type, data, language, overrides) : null;
    return {
      id: row.id,
      organizationId: row.organizationId,
      type: row.type,
      title: text?.title ?? null,
      body: text?.body ?? null,
      data,
      createdAt: iso(row.createdAt),
      readAt: isoOrNull(row.readAt),
    };
  });
}
