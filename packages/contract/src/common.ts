import { z } from 'zod';

/** The body of every error answer (api.md, Conventions). */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export const csrfTokenSchema = z.object({ csrfToken: z.string() });

/**
 * A payment method as the provider names it: a card's PaymentMethod id made by the provider's
 * own elements in the browser (`pm_…`; in the sandbox, Stripe's test ids), or a PayPal order id.
 * Never card data: a card number (digits, spaced or not) is not a valid id, so it is refused
 * before anything reads, stores or logs it.
 */
export const paymentMethodIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/)
  .refine((value) => !/^\d{8,}$/.test(value.replace(/[-_]/g, '')), { message: 'Not a payment method id' });

/** A card payment's billing address (SPEC §5): all four parts, the country as ISO 3166 alpha-2. */
export const billingAddressSchema = z.strictObject({
  line1: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20),
  country: z.string().length(2),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/**
 * GET /api/user/payment-preferences: how the member last paid, to prefill the next payment
 * (the method; the billing address of their last card payment, editable and removable).
 */
export const paymentPreferencesSchema = z.object({
  lastMethod: z.enum(['card', 'paypal', 'manual']).nullable(),
  billingAddress: billingAddressSchema.nullable(),
});
export type PaymentPreferences = z.infer<typeof paymentPreferencesSchema>;
