import type { LoginBody, RegisterBody, User } from '@giro/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, clearCsrfToken } from '../../../lib/api-client';

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<User>('POST', '/api/login', body),
    onSuccess: async (user) => {
      clearCsrfToken();
      client.setQueryData(['/api/user'], user);
      await client.invalidateQueries();
    },
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      const user = await apiRequest<User>('POST', '/api/register', body);
      if (body.inviteCode) {
        // The conversion is reported for invite tracking; its failure only matters to the log.
        apiRequest('POST', '/api/invite/convert', { inviteCode: body.inviteCode }).catch((error) =>
          console.error('invite conversion failed', error),
        );
      }
      return user;
    },
    onSuccess: async (user) => {
      clearCsrfToken();
      client.setQueryData(['/api/user'], user);
      await client.invalidateQueries();
    },
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      clearCsrfToken();
      client.clear();
      client.setQueryData(['/api/session/check'], { authenticated: false });
    },
  });
}
