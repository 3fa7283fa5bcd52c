import {
  REQUEST_DESCRIPTION_MAX,
  REQUEST_MESSAGE_MAX,
  REQUEST_TARGET_MAX_CENTS,
  REQUEST_TARGET_MIN_CENTS,
  REQUEST_TITLE_MAX,
  REQUEST_TITLE_MIN,
} from '@giro/domain/requests/decide-request';
import { z } from 'zod';
import { billingAddressSchema, paymentMethodIdSchema } from './common';

/**
 * Funding requests (api.md, Funding requests). Amounts are integer cents, times ISO strings.
 * The bounds are the domain's, so the form, the route and the decider agree.
 */
export { requestLimits } from '@giro/domain/requests/request-limits';

export const requestIdParamsSchema = z.object({ id: z.uuid() });

const title = z.string().trim().min(REQUEST_TITLE_MIN).max(REQUEST_TITLE_MAX);
const description = z.string().trim().max(REQUEST_DESCRIPTION_MAX);
const targetAmountCents = z.number().int().min(REQUEST_TARGET_MIN_CENTS).max(REQUEST_TARGET_MAX_CENTS);

export const createRequestBodySchema = z.strictObject({
  title,
  description: description.default(''),
  targetAmountCents,
});
export type CreateRequestBody = z.input<typeof createRequestBodySchema>;

/** The owner edits title and description while pending or active, the target while pending. */
export const editRequestBodySchema = z.strictObject({
  title: title.optional(),
  description: description.optional(),
  targetAmountCents: targetAmountCents.optional(),
});
export type EditRequestBody = z.infer<typeof editRequestBodySchema>;

/** Contributions move platform money, so card or PayPal (a manual payment has no escrow to hold). */
export const requestContributeBodySchema = z.strictObject({
  // At least 1 cent here: the remainder of a request is accepted whole even under the €1 minimum,
  // which the decider applies with what remains (decide-request.ts).
  amountCents: z.number().int().min(1),
  method: z.enum(['card', 'paypal']),
  message: z.string().trim().max(REQUEST_MESSAGE_MAX).optional(),
  paymentMethodId: paymentMethodIdSchema.optional(),
  billingAddress: billingAddressSchema.optional(),
});
export type RequestContributeBody = z.infer<typeof requestContributeBodySchema>;

const time = z.string();
export const requestStatusSchema = z.enum([
  'pending',
  'active',
  'completed',
  'concluded',
  'cancelled',
  'expired',
]);
export type RequestStatusName = z.infer<typeof requestStatusSchema>;

export const requestSummarySchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  title: z.string(),
  description: z.string(),
  targetAmountCents: z.number().int(),
  currentAmountCents: z.number().int(),
  /** Whole percent of the target collected, 0–100. */
  progress: z.number().int(),
  status: requestStatusSchema,
  /** 1 = next to activate; null unless pending. */
  queuePosition: z.number().int().nullable(),
  contributorCount: z.number().int(),
  createdAt: time,
  activatedAt: time.nullable(),
  expiresAt: time.nullable(),
  endedAt: time.nullable(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestContributorSchema = z.object({
  id: z.string(),
  contributorId: z.string(),
  contributorName: z.string(),
  amountCents: z.number().int(),
  message: z.string().nullable(),
  at: time,
  refunded: z.boolean(),
});

export const timelineEntrySchema = z.object({
  /** Unique across the organization's activity: the contribution's id, else request and step. */
  id: z.string(),
  type: z.enum(['created', 'activated', 'contribution', 'ended']),
  at: time,
  requestId: z.string(),
  requestTitle: z.string(),
  actorName: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  status: requestStatusSchema.nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const requestDetailsSchema = requestSummarySchema.extend({
  contributors: z.array(requestContributorSchema),
  timeline: z.array(timelineEntrySchema),
  /** The owner's payout: under way, paid, or failed (the money waits for the owner to retry). */
  payout: z
    .object({
      grossCents: z.number().int(),
      feeCents: z.number().int(),
      netCents: z.number().int(),
      status: z.enum(['pending', 'paid', 'failed']),
    })
    .nullable(),
});
export type RequestDetails = z.infer<typeof requestDetailsSchema>;

/**
 * GET /api/requests/payouts-owed: the caller's requests whose payout still owes them money, in
 * families they are no longer in (ADR 0057) or, failed, in their own (since stop 77), each
 * opened at /requests/{id} to retry it.
 */
export const payoutsOwedSchema = z.object({
  requests: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      netCents: z.number().int(),
      status: z.enum(['pending', 'failed']),
    }),
  ),
});
export type PayoutsOwed = z.infer<typeof payoutsOwedSchema>;

/** GET /api/requests: the active request, the queue in order, the organization's recent activity. */
export const requestsOverviewSchema = z.object({
  active: requestSummarySchema.nullable(),
  queued: z.array(requestSummarySchema),
  recentActivity: z.array(timelineEntrySchema),
});
export type RequestsOverview = z.infer<typeof requestsOverviewSchema>;
