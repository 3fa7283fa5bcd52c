import type { BillingAddress, PaymentPreferences } from '@giro/contract/common';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * A payment was accepted: the next one starts from it, as the server has just recorded it.
 * Written into the cache at once, not only refetched: the modal that paid may be gone by then
 * (the fund's news by the socket can beat the answer and take its "Versa" away), and an opened
 * modal prefills from what the cache holds when it opens.
 */
export function rememberAcceptedPayment(
  client: QueryClient,
  payment: { method?: string; billingAddress?: BillingAddress },
): void {
  const method = payment.method as PaymentPreferences['lastMethod'] | undefined;
  if (!method) return;
  client.setQueryData<PaymentPreferences>(
    paymentPreferencesKey,
    (old) =>
      old && {
        lastMethod: method,
        billingAddress:
          method === 'card' && payment.billingAddress ? payment.billingAddress : old.billingAddress,
      },
  );
  void client.invalidateQueries({ queryKey: paymentPreferencesKey });
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
