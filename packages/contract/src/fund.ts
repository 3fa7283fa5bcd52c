import { withdrawalOptions } from '@giro/domain/fund/fund-types';
import { AMOUNT_MAX_CENTS, AMOUNT_MIN_CENTS, DISMISSAL_REASON_MAX } from '@giro/domain/fund/rules';
import { z } from 'zod';
import { billingAddressSchema, paymentMethodIdSchema } from './common';

/**
 * The rotating fund's bodies and views (api.md, Rotating fund). Times are ISO strings,
 * amounts integer cents. One view of the fund serves GET /api/rotating-fund; the SPEC §7
 * refresh endpoints answer slices of it, so the browser has one shape to understand.
 */
export const fundIdParamsSchema = z.object({ id: z.uuid() });
export const contributionParamsSchema = z.object({ id: z.uuid(), cid: z.uuid() });
export const emergencyParamsSchema = z.object({ id: z.uuid(), vid: z.string().min(1).max(64) });

export const amountVoteBodySchema = z.strictObject({
  amountCents: z.number().int().min(AMOUNT_MIN_CENTS).max(AMOUNT_MAX_CENTS),
});
export type AmountVoteBody = z.infer<typeof amountVoteBodySchema>;

/** A dismissal needs a reason of 1–499 characters (SPEC §5); the messages are the catalogue's. */
export const confirmationVoteBodySchema = z.union([
  z.strictObject({ accept: z.literal(true) }),
  z.strictObject({ accept: z.literal(false), reason: z.string() }),
]);
export type ConfirmationVoteBody = z.infer<typeof confirmationVoteBodySchema>;

export const withdrawalDateVoteBodySchema = z.strictObject({ option: z.enum(withdrawalOptions) });
export type WithdrawalDateVoteBody = z.infer<typeof withdrawalDateVoteBodySchema>;

export const contributeBodySchema = z.strictObject({
  method: z.enum(['card', 'paypal', 'manual']),
  paymentMethodId: paymentMethodIdSchema.optional(),
  billingAddress: billingAddressSchema.optional(),
  message: z.string().max(280).optional(),
  /** Covering: the participant this payment is for (domain.md, Covering a member). */
  onBehalfOf: z.string().min(1).max(64).optional(),
});
export type ContributeBody = z.infer<typeof contributeBodySchema>;

export const swapParamsSchema = z.object({ id: z.uuid(), swapId: z.uuid() });
export const swapRequestBodySchema = z.strictObject({ withMemberId: z.string().min(1).max(64) });
export type SwapRequestBody = z.infer<typeof swapRequestBodySchema>;

export const emergencyVoteBodySchema = z.strictObject({ choice: z.enum(['wait', 'skip', 'expel']) });
export type EmergencyVoteBody = z.infer<typeof emergencyVoteBodySchema>;

export const DISMISSAL_REASON_LIMIT = DISMISSAL_REASON_MAX;

const time = z.string();
const person = z.object({ id: z.string(), displayName: z.string() });

export const contributionViewSchema = z.object({
  id: z.string(),
  contributorId: z.string(),
  /** Who paid it, when another member covered the contributor. */
  paidBy: z.string().nullable(),
  recipientId: z.string(),
  amountCents: z.number().int(),
  method: z.enum(['card', 'paypal', 'manual']),
  status: z.string(),
  cycleNumber: z.number().int(),
  roundNumber: z.number().int(),
  at: time,
});
export type ContributionView = z.infer<typeof contributionViewSchema>;

export const emergencyVoteViewSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  allowWait: z.boolean(),
  deadline: time,
  votes: z.record(z.string(), z.enum(['wait', 'skip', 'expel'])),
  voters: z.array(z.string()),
  memberStrikes: z.number().int(),
  memberAtRisk: z.boolean(),
});

export const roundViewSchema = z.object({
  number: z.number().int(),
  recipientId: z.string(),
  state: z.enum(['collecting', 'awaiting_withdrawal', 'distributing']),
  startsAt: time,
  windowOpensAt: time,
  withdrawalAt: time,
  readyAt: time.nullable(),
  recipientTimeoutAt: time.nullable(),
  payoutFailed: z.boolean(),
  skipped: z.array(z.string()),
  extensions: z.record(z.string(), time),
  expectedContributors: z.array(z.string()),
  contributedBy: z.array(z.string()),
  totalCollectedCents: z.number().int(),
  expectedTotalCents: z.number().int(),
  /** What the recipient would get now: gross with the platform, the fee, the net; manual money apart. */
  payout: z.object({
    grossCents: z.number().int(),
    feeCents: z.number().int(),
    netCents: z.number().int(),
    /** The part of the net that came from PayPal: paid to the recipient's PayPal email when set. */
    paypalNetCents: z.number().int(),
    manualCents: z.number().int(),
  }),
  emergencies: z.array(emergencyVoteViewSchema),
});

/** A swap of turns: open (waiting for `toId`'s answer) or, in `swapHistory`, accepted at `at`. */
export const swapViewSchema = z.object({
  id: z.string(),
  fromId: z.string(),
  toId: z.string(),
  at: time,
});
export type SwapView = z.infer<typeof swapViewSchema>;

export const historyEntrySchema = z.object({
  cycleNumber: z.number().int(),
  createdAt: time,
  completedAt: time,
  amountCents: z.number().int(),
  totalContributionsCents: z.number().int(),
  recipients: z.array(
    z.object({
      roundNumber: z.number().int(),
      recipientId: z.string(),
      grossCents: z.number().int(),
      netCents: z.number().int(),
      at: time,
    }),
  ),
  commitment: z.string(),
  nonce: z.string(),
  seed: z.string(),
  /** The order as drawn, which the proof verifies. */
  order: z.array(z.string()),
  /** The swaps accepted in that cycle (none before swaps existed). */
  swaps: z.array(swapViewSchema),
});

export const fundViewSchema = z.object({
  id: z.string(),
  status: z.enum(['voting', 'confirmation', 'active', 'completed', 'cancelled']),
  phase: z.enum([
    'voting',
    'confirmation',
    'dismissal_acknowledgment',
    'date_voting',
    'collecting',
    'awaiting_withdrawal',
    'completed',
    'cancelled',
  ]),
  cycleNumber: z.number().int(),
  votingRound: z.number().int(),
  phaseDeadline: time.nullable(),
  members: z.array(person),
  voters: z.array(z.string()),
  /** Who has voted; the amounts only once voting has closed (no anchoring of later voters). */
  votedBy: z.array(z.string()),
  votes: z.record(z.string(), z.number().int()).nullable(),
  participants: z.array(z.string()),
  finalAmountCents: z.number().int().nullable(),
  confirmations: z.record(z.string(), z.boolean()),
  dismissal: z.object({ by: z.string(), reason: z.string() }).nullable(),
  acknowledged: z.array(z.string()),
  restartVotes: z.array(z.string()),
  commitment: z.string(),
  nonce: z.string().nullable(),
  seed: z.string().nullable(),
  /** The order in force: the drawn order after swaps and recipient timeouts. */
  order: z.array(z.string()),
  /** The order as drawn (the fairness proof verifies this one). */
  drawnOrder: z.array(z.string()),
  /** Open swap requests. */
  swaps: z.array(swapViewSchema),
  /** Swaps accepted in this cycle, oldest first. */
  swapHistory: z.array(swapViewSchema),
  dateVotes: z.record(z.string(), z.enum(withdrawalOptions)),
  dateOptions: z.array(z.enum(withdrawalOptions)),
  roundLength: z.enum(withdrawalOptions).nullable(),
  round: roundViewSchema.nullable(),
  currentRecipientId: z.string().nullable(),
  nextRecipientId: z.string().nullable(),
  received: z.array(
    z.object({ roundNumber: z.number().int(), recipientId: z.string(), netCents: z.number().int() }),
  ),
  strikes: z.record(z.string(), z.number().int()),
  expelled: z.array(z.string()),
  debts: z.record(z.string(), z.number().int()),
  cancelReason: z.string().nullable(),
  historyCount: z.number().int(),
});
export type FundView = z.infer<typeof fundViewSchema>;

/** POST …/swaps answers the new request and the fund as it now is. */
export const swapCreatedSchema = swapViewSchema.extend({ fund: fundViewSchema });

export const contributionsSchema = z.object({ contributions: z.array(contributionViewSchema) });

export const monthlyContributionSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  amountCents: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  method: z.enum(['card', 'paypal', 'manual']),
  status: z.string(),
  cycleNumber: z.number().int(),
  roundNumber: z.number().int(),
  message: z.string().nullable(),
});
export const monthlyContributionsSchema = z.object({ contributions: z.array(monthlyContributionSchema) });

export const historySchema = z.object({ history: z.array(historyEntrySchema) });

export const riskSchema = z.object({
  score: z.number().int().min(0).max(100),
  reasons: z.array(
    z.object({ code: z.string(), weight: z.number(), memberId: z.string().optional() }).loose(),
  ),
});
export type Risk = z.infer<typeof riskSchema>;

export const emergencyVotesSchema = z.object({ votes: z.array(emergencyVoteViewSchema) });

export { AMOUNT_MAX_CENTS, AMOUNT_MIN_CENTS };
