import type { PaymentConfirmations } from '@giro/contract/payout-account';
import { useQuery } from '@tanstack/react-query';

/** Refreshed by the real-time channel: the payer is told by a notification when one appears. */
export const paymentConfirmationsKey = ['/api/payments/confirmations'] as const;

export function usePaymentConfirmations() {
  return useQuery({
    queryKey: paymentConfirmationsKey,
    select: (data) => (data as PaymentConfirmations).confirmations,
  });
}
