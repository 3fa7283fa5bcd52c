import { z } from 'zod';
import { billingAddressSchema, paymentMethodIdSchema } from './common';

/** Debts between members (api.md, Second wave): the caller's, as debtor and as creditor. */
export const debtViewSchema = z.object({
  id: z.string(),
  debtorId: z.string(),
  creditorId: z.string(),
  /** The two members' names, as they are now: either may have left the organization since. */
  debtorName: z.string(),
  creditorName: z.string(),
  amountCents: z.number().int(),
  reason: z.enum(['cover']),
  /**
   * pending: the round is not paid out yet; open: to settle; settling: a repayment through the
   * platform is under way; settled; cancelled (the cover was undone).
   */
  status: z.enum(['pending', 'open', 'settling', 'settled', 'cancelled']),
  createdAt: z.string(),
  repaymentDeclaredAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /**
   * Whether the platform can pay the creditor now (her payout account is active): else the debtor
   * repays by hand (CREDITOR_CANNOT_RECEIVE), and is not offered to pay by card or PayPal. Absent
   * from an answer replayed from before it existed (stop 76): unknown, the platform is offered.
   */
  creditorCanReceive: z.boolean().optional(),
});
export type DebtView = z.infer<typeof debtViewSchema>;

export const debtsSchema = z.object({ debts: z.array(debtViewSchema) });
export const debtParamsSchema = z.object({ id: z.uuid() });

export const settleDebtBodySchema = z.strictObject({
  method: z.enum(['card', 'paypal', 'manual']),
  paymentMethodId: paymentMethodIdSchema.optional(),
  billingAddress: billingAddressSchema.optional(),
});
export type SettleDebtBody = z.infer<typeof settleDebtBodySchema>;
