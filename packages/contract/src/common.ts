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
