import type { OnboardingLink, PayoutAccount } from '@giro/contract/payout-account';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

/** GET refreshes the status from the provider (api.md, Payments). */
export const payoutAccountKey = ['/api/connect/account'] as const;

export function usePayoutAccount(enabled = true) {
  return useQuery({ queryKey: payoutAccountKey, enabled, select: (data) => data as PayoutAccount });
}

/**
 * The sandbox provider's onboarding page lives under /sandbox/ and its accounts are named
 * acct_sbx_…: either tells the person that no real account or money is involved.
 */
export function isSandbox(account: { id?: string | null; onboardingUrl?: string } | undefined): boolean {
  if (!account) return false;
  if (account.id?.startsWith('acct_sbx_')) return true;
  if (!account.onboardingUrl) return false;
  try {
    return new URL(account.onboardingUrl, window.location.origin).pathname.startsWith('/sandbox/');
  } catch {
    return false;
  }
}

/** Creating an account or asking for a new link: the answer is where onboarding goes on. */
export function useOnboarding(kind: 'create' | 'link') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<OnboardingLink>(
        'POST',
        kind === 'create' ? '/api/connect/account' : '/api/connect/account/onboarding-link',
      ),
    // Not idempotent on the provider's side: the person asks again instead.
    retry: false,
    onSuccess: ({ id, status }) => client.setQueryData(payoutAccountKey, { id, status, linked: true }),
  });
}

const changes = {
  unlink: ['POST', '/api/connect/account/unlink'],
  reconnect: ['POST', '/api/connect/account/reconnect'],
  delete: ['DELETE', '/api/connect/account'],
} as const;
export type AccountChange = keyof typeof changes;

/** Unlink, reconnect or delete: each answers the account as it now is. */
export function useAccountChange(change: AccountChange) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PayoutAccount>(changes[change][0], changes[change][1]),
    retry: false,
    onSuccess: (account) => client.setQueryData(payoutAccountKey, account),
  });
}
