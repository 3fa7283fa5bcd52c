import type { BillingAddress, PaymentPreferences } from '@giro/contract/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useMutation } from './mutation';

/**
 * How the member last paid: prefills the next payment in both contribution modals (the fund's and
 * the requests'); Account edits it (issue 13, one-tap payments).
 */
export const paymentPreferencesKey = ['/api/user/payment-preferences'] as const;

export function usePaymentPreferences(enabled = true) {
  return useQuery({ queryKey: paymentPreferencesKey, enabled, select: (data) => data as PaymentPreferences });
}

/** Account: replaces the saved billing address, or (null) removes it. */
export function useSaveBillingAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (address: BillingAddress | null) =>
      address
        ? apiRequest('PUT', '/api/user/billing-address', address)
        : apiRequest('DELETE', '/api/user/billing-address'),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentPreferencesKey }),
  });
}
