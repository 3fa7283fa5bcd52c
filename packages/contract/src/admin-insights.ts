import { organizationTypes } from '@giro/domain/organization';
import { z } from 'zod';

/**
 * The admin's insight pages (api.md, Admin): invite tracking, statistics, fund metrics and the
 * home page's headline figures. Money is integer cents, read from the ledger; days are UTC
 * dates `YYYY-MM-DD`; a rate is a fraction 0–1, null when there is nothing to divide by.
 */
const count = z.number().int();
const cents = z.number().int();
const rate = z.number().min(0).max(1).nullable();
const day = z.string();

/** How far back the daily series go. */
export const periodQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});

export const inviteTrackingQuerySchema = periodQuerySchema.extend({
  /** Restrict the daily series to one code. */
  code: z.string().trim().min(1).max(32).optional(),
});
export type InviteTrackingQuery = z.infer<typeof inviteTrackingQuerySchema>;

export const inviteFunnelSchema = z.object({
  visits: count,
  registrations: count,
  joins: count,
  conversions: count,
  /** conversions ÷ visits */
  conversionRate: rate,
});
export type InviteFunnel = z.infer<typeof inviteFunnelSchema>;

export const inviteCodeStatsSchema = inviteFunnelSchema.extend({
  code: z.string(),
  source: z.enum(['organization', 'tester']),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  organizationType: z.enum(organizationTypes).nullable(),
  lastAt: z.string().nullable(),
});
export type InviteCodeStats = z.infer<typeof inviteCodeStatsSchema>;

export const inviteDaySchema = z.object({ day, visits: count, registrations: count, conversions: count });
export type InviteDay = z.infer<typeof inviteDaySchema>;

export const testerInviteStatusSchema = z.enum(['active', 'used', 'expired', 'revoked']);
export type TesterInviteStatus = z.infer<typeof testerInviteStatusSchema>;

export const testerInviteRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  url: z.string(),
  email: z.string().nullable(),
  status: testerInviteStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  visits: count,
  conversions: count,
});
export type TesterInviteRow = z.infer<typeof testerInviteRowSchema>;

/** GET /api/admin/invite-tracking: the busiest codes first (at most 100 of `codeCount`). */
export const inviteTrackingSchema = z.object({
  days: count,
  totals: inviteFunnelSchema,
  codes: z.array(inviteCodeStatsSchema),
  codeCount: count,
  series: z.array(inviteDaySchema),
  testerInvites: z.array(testerInviteRowSchema),
});
export type InviteTracking = z.infer<typeof inviteTrackingSchema>;

/** GET /api/admin/statistics. moved = what members gave, net of refunds = paidOut + fees + inEscrow. */
export const platformStatisticsSchema = z.object({
  days: count,
  users: z.object({ total: count, verified: count, admins: count, deleted: count }),
  organizations: z.object({
    total: count,
    open: count,
    byType: z.array(z.object({ type: z.enum(organizationTypes), count })),
  }),
  funds: z.object({
    total: count,
    byStatus: z.array(
      z.object({ status: z.enum(['voting', 'confirmation', 'active', 'completed', 'cancelled']), count }),
    ),
  }),
  money: z.object({
    movedCents: cents,
    paidOutCents: cents,
    feesCents: cents,
    refundedCents: cents,
    inEscrowCents: cents,
  }),
  series: z.array(
    z.object({ day, newUsers: count, newOrganizations: count, movedCents: cents, feesCents: cents }),
  ),
});
export type PlatformStatistics = z.infer<typeof platformStatisticsSchema>;

export const fundPhases = [
  'voting',
  'confirmation',
  'dismissal_acknowledgment',
  'date_voting',
  'collecting',
  'awaiting_withdrawal',
  'completed',
  'cancelled',
] as const;

/** GET /api/admin/fund-metrics, from the funds' states and their events. */
export const fundMetricsSchema = z.object({
  funds: z.object({ total: count, running: count }),
  byPhase: z.array(z.object({ phase: z.enum(fundPhases), count })),
  /** onTime = made − late − failed; rate = onTime ÷ (onTime + missed). */
  contributions: z.object({ onTime: count, late: count, failed: count, missed: count, onTimeRate: rate }),
  emergencyVotes: z.object({ wait: count, skip: count, expel: count, withdrawn: count, open: count }),
  strikes: z.object({ total: count, members: count, membersAtRisk: count }),
  recipientTimeouts: count,
  payoutFailures: count,
  debts: z.object({ members: count, totalCents: cents }),
  cycles: z.object({ completed: count, averageLengthMs: z.number().int().nullable() }),
});
export type FundMetrics = z.infer<typeof fundMetricsSchema>;

/** GET /api/admin/overview: the headline figure of each insight page. */
export const adminOverviewSchema = z.object({
  users: count,
  organizations: count,
  runningFunds: count,
  movedCents: cents,
  feesCents: cents,
  inviteVisits: count,
  inviteConversionRate: rate,
  activeTesterInvites: count,
  onTimeRate: rate,
  payoutFailures: count,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** POST /api/admin/tester-invites/{id}/revoke */
export const revokedTesterInviteSchema = testerInviteRowSchema.pick({
  id: true,
  code: true,
  status: true,
  revokedAt: true,
});

/**
 * A charge or payout whose provider object does not match the ledger (issue 17, ADR 0030).
 * `ledgerCents`: for a charge, what the ledger holds at the provider for its contribution
 * (captured less refunded); for a payout, the net the ledger paid. `providerCents`: the same as
 * the provider reports it, null when the provider does not know the reference.
 */
export const reconciliationDifferenceSchema = z.object({
  object: z.enum(['charge', 'payout']),
  method: z.enum(['card', 'paypal']).nullable(),
  operationId: z.string(),
  organizationId: z.string(),
  /** `contribution:<id>` for a charge, the payout's subject for a payout. */
  subject: z.string(),
  providerRef: z.string(),
  ledgerCents: cents.nullable(),
  providerCents: cents.nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

/** What one reconciliation compared: charges per payment method, and payouts. */
export const reconciliationCheckedSchema = z.object({
  charges: z.object({ card: count, paypal: count }),
  payouts: count,
});
export type ReconciliationChecked = z.infer<typeof reconciliationCheckedSchema>;

export const reconciliationRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['hourly', 'admin']),
  startedAt: z.string(),
  finishedAt: z.string(),
  provider: z.string(),
  checked: reconciliationCheckedSchema,
  /** Contributions skipped because an operation is still moving their money. */
  inFlight: count,
  differences: z.array(reconciliationDifferenceSchema),
  /** Why the run stopped before comparing everything (a provider unreachable); null when it finished. */
  error: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

/** GET /api/admin/reconciliation (the last run, null before the first) and POST (a run now). */
export const reconciliationSchema = z.object({ last: reconciliationRunSchema.nullable() });
export type Reconciliation = z.infer<typeof reconciliationSchema>;
