import type { User } from '@giro/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

function useUserMutation<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/user'] }),
  });
}

export const useUpdateProfile = () =>
  useUserMutation((input: { firstName: string; lastName: string; displayName?: string }) =>
    apiRequest<User>('PATCH', '/api/user', input),
  );
export const useUpdatePaypal = () =>
  useUserMutation((paypalEmail: string | null) => apiRequest('PUT', '/api/user/paypal', { paypalEmail }));
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiRequest('POST', '/api/change-password', input),
  });
export const useRequestDeletion = () =>
  useMutation({
    mutationFn: (password: string) => apiRequest('POST', '/api/user/delete-request', { password }),
  });
export const useResendVerification = () =>
  useMutation({ mutationFn: () => apiRequest('POST', '/api/verify-email/send') });
