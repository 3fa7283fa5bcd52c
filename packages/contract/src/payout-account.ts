import { z } from 'zod';

/** Connected payment account statuses (SPEC §4): payouts need `active`. */
export const payoutAccountStatuses = ['not_connected', 'pending', 'active', 'restricted'] as const;

export const payoutAccountSchema = z.object({
  id: z.string().nullable(),
  status: z.enum(payoutAccountStatuses),
  /** False when there is none, or it was unlinked (then `id` names the account to reconnect). */
  linked: z.boolean(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const onboardingLinkSchema = z.object({
  id: z.string(),
  status: z.enum(payoutAccountStatuses),
  onboardingUrl: z.string(),
});
export type OnboardingLink = z.infer<typeof onboardingLinkSchema>;

/** POST /api/payments/sandbox-test: the €10 PayPal sandbox test payment. */
export const sandboxTestPaymentSchema = z.object({
  ok: z.literal(true),
  reference: z.string(),
  amountCents: z.number().int(),
});

/**
 * GET /api/payments/confirmations: the signed-in member's card payments that their bank asks
 * them to confirm (3-D Secure), each with the provider's page where they do it.
 */
export const paymentConfirmationsSchema = z.object({
  confirmations: z.array(
    z.object({
      operationId: z.string(),
      amountCents: z.number().int(),
      url: z.string(),
      /** After this the charge counts as refused and the contribution is taken back. */
      expiresAt: z.string(),
    }),
  ),
});
export type PaymentConfirmations = z.infer<typeof paymentConfirmationsSchema>;
