import type { FundingRequest, RequestContribution } from '@giro/domain/requests/request-types';
import type { LedgerRow } from '../db/account-export.queries';
import type { FundHistory } from './account-export-fund.view';

/**
 * The pieces of a member's data export (GET /api/account/export, issue 18). Other members
 * appear by display name only, never by email or id; times are ISO 8601, money integer cents.
 */

export const iso = (at: Date | number) => new Date(at).toISOString();
export const isoOrNull = (at: Date | number | null | undefined) => (at == null ? null : iso(at));

/** A member's display name by id; a deleted member's is empty, shown as null. */
export type NameOf = (userId: string) => string | null;

export interface ExportedLedgerTransaction {
  id: string;
  kind: string;
  /** The posting's key: what it is for, e.g. `contribution:<id>` or `payout:<fund>:<cycle>:<round>`. */
  reference: string | null;
  organizationId: string;
  at: string;
  entries: {
    /** A member's account by its kind alone (`funding`, `payout`…); escrows and fees in full. */
    account: string;
    isOwn: boolean;
    /** The other member whose account it is (a manual payment's recipient, a cover's debtor). */
    memberDisplayName: string | null;
    amountCents: number;
  }[];
}

const MEMBER_ACCOUNTS = ['funding:', 'payout:', 'refunds:', 'debt:', 'member-receivable:', 'member-payable:'];

/** The member's ledger transactions, their entries grouped, other members' ids left out. */
export function ledgerView(rows: readonly LedgerRow[], userId: string, nameOf: NameOf) {
  const transactions = new Map<string, ExportedLedgerTransaction>();
  for (const row of rows) {
    let transaction = transactions.get(row.transactionId);
    if (!transaction) {
      transaction = {
        id: row.transactionId,
        kind: row.kind,
        reference: row.key,
        organizationId: row.organizationId,
        at: iso(row.createdAt),
        entries: [],
      };
      transactions.set(row.transactionId, transaction);
    }
    const isMemberAccount = row.userId !== null || MEMBER_ACCOUNTS.some((p) => row.account.startsWith(p));
    const isOwn = row.userId === userId;
    transaction.entries.push({
      account: isMemberAccount ? row.account.slice(0, row.account.indexOf(':')) : row.account,
      isOwn,
      memberDisplayName: isMemberAccount && !isOwn && row.userId ? nameOf(row.userId) : null,
      amountCents: row.amountCents,
    });
  }
  return [...transactions.values()];
}

/** The transactions whose reference is one of these (a contribution's capture, refund, debt…). */
export function ledgerFor(ledger: readonly ExportedLedgerTransaction[], references: readonly string[]) {
  return ledger.filter((t) => t.reference !== null && references.includes(t.reference));
}

/** The member's part of each fund: votes, contributions and payouts with their bookings, swaps. */
export function fundSections(
  histories: readonly FundHistory[],
  userId: string,
  nameOf: NameOf,
  ledger: readonly ExportedLedgerTransaction[],
) {
  const place = (h: FundHistory) => ({ organizationId: h.organizationId, fundId: h.fundId });
  return {
    fundVotes: histories.flatMap((h) =>
      h.votes.map(({ aboutMemberId, at, ...vote }) => ({
        ...place(h),
        ...vote,
        ...(aboutMemberId ? { aboutMember: nameOf(aboutMemberId) } : {}),
        at: iso(at),
      })),
    ),
    fundContributions: histories.flatMap((h) =>
      h.contributions.map((c) => ({
        id: c.id,
        ...place(h),
        cycleNumber: c.cycleNumber,
        roundNumber: c.roundNumber,
        amountCents: c.amountCents,
        method: c.method,
        status: c.status,
        at: iso(c.at),
        recipient: nameOf(c.recipientId),
        /** They paid this for another member (a cover). */
        paidForMember: c.contributorId !== userId ? nameOf(c.contributorId) : null,
        /** Another member paid this for them. */
        paidByMember: c.paidBy && c.paidBy !== userId ? nameOf(c.paidBy) : null,
        ledger: ledgerFor(ledger, [`contribution:${c.id}`, `refund:${c.id}`, `member-debt:${c.id}`]),
      })),
    ),
    fundPayouts: histories.flatMap((h) =>
      h.payouts.map((p) => ({
        ...place(h),
        ...p,
        at: iso(p.at),
        ledger: ledgerFor(ledger, [`payout:${h.fundId}:${p.cycleNumber}:${p.roundNumber}`]),
      })),
    ),
    fundSwaps: histories.flatMap((h) =>
      h.swaps.map(({ otherMemberId, at, ...swap }) => ({
        ...place(h),
        ...swap,
        otherMember: nameOf(otherMemberId),
        at: iso(at),
      })),
    ),
  };
}

type RequestsOf = { organizationId: string; requests: readonly FundingRequest[] }[];

/** Requests the member made (with totals only), and what they gave to requests. */
export function requestSections(
  states: RequestsOf,
  userId: string,
  nameOf: NameOf,
  ledger: readonly ExportedLedgerTransaction[],
) {
  const counted = (c: RequestContribution) => !c.refunded && !c.failed;
  const fundingRequests = states.flatMap(({ organizationId, requests }) =>
    requests
      .filter((r) => r.ownerId === userId)
      .map((r) => ({
        id: r.id,
        organizationId,
        title: r.title,
        description: r.description,
        targetCents: r.targetCents,
        status: r.status,
        createdAt: iso(r.createdAt),
        activatedAt: isoOrNull(r.activatedAt),
        expiresAt: isoOrNull(r.expiresAt),
        endedAt: isoOrNull(r.endedAt),
        /** What others gave, in total: who gave what, with their messages, is theirs. */
        collectedCents: r.contributions.filter(counted).reduce((sum, c) => sum + c.amountCents, 0),
        contributionCount: r.contributions.filter(counted).length,
        payout: r.payout,
        ledger: ledger.filter((t) => t.reference?.startsWith(`request-payout:${r.id}`)),
      })),
  );
  const requestContributions = states.flatMap(({ organizationId, requests }) =>
    requests.flatMap((r) =>
      r.contributions
        .filter((c) => c.contributorId === userId)
        .map((c) => ({
          id: c.id,
          organizationId,
          requestId: r.id,
          requestTitle: r.title,
          requestOwner: r.ownerId === userId ? null : nameOf(r.ownerId),
          amountCents: c.amountCents,
          method: c.method ?? 'card',
          message: c.message,
          refunded: c.refunded,
          failed: c.failed ?? false,
          at: iso(c.at),
          ledger: ledgerFor(ledger, [
            `request-contribution:${c.id}`,
            `request-refund:${c.id}`,
            `request-contribution-failed:${c.id}`,
          ]),
        })),
    ),
  );
  return { fundingRequests, requestContributions };
}

/** A push subscription's endpoint is a capability URL: its host says which service, the rest stays. */
export function endpointHost(endpoint: string): string | null {
  try {
    return new URL(endpoint).host;
  } catch {
    return null;
  }
}
