import type { InvitePreview } from '@giro/contract/organization';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useServerConfig() {
  return useQuery({
    queryKey: ['/api/config'],
    select: (data) => data as { registration: 'open' | 'invite-only'; testClock: boolean },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useInvitePreview(code: string | undefined) {
  return useQuery({
    queryKey: ['/api/invite', code ?? ''],
    enabled: Boolean(code),
    retry: false,
    select: (data) => data as InvitePreview,
  });
}

export const requestPasswordReset = (email: string) => apiRequest('POST', '/api/forgot-password', { email });
export const resetPassword = (token: string, password: string) =>
  apiRequest('POST', '/api/reset-password', { token, password });
export const verifyEmail = (token: string) => apiRequest('POST', '/api/verify-email', { token });
export const confirmAccountDeletion = (token: string) => apiRequest('POST', '/api/user/delete', { token });
