import type { User } from '@giro/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-client';

export const sessionKey = ['/api/session/check'] as const;
export const userKey = ['/api/user'] as const;

/** The session check runs first: cached 60 s, refetched on focus, a 401 means signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    select: (data) => (data as { authenticated: boolean } | null)?.authenticated ?? false,
  });
}

/** The user is fetched only when the session says authenticated. */
export function useUser() {
  const session = useSession();
  const user = useQuery({
    queryKey: userKey,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    enabled: session.data === true,
    select: (data) => data as User | null,
  });
  return {
    isLoading: session.isLoading || (session.data === true && user.isLoading),
    user: session.data === true ? (user.data ?? null) : null,
  };
}
