import type { User } from '@giro/contract/auth';
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-client';

export const sessionKey = ['/api/session/check'] as const;
export const userKey = ['/api/user'] as const;

type SessionCheck = { authenticated: boolean; user?: User } | null;

const fetchSessionCheck = getQueryFn({ on401: 'returnNull' });

/**
 * The session check answers the signed-in user too: it goes into the user's cache entry, so a
 * page load makes one request instead of a check followed by a second one for the user.
 */
export async function sessionQueryFn(context: QueryFunctionContext): Promise<SessionCheck> {
  const check = (await fetchSessionCheck(context)) as SessionCheck;
  if (check?.user) context.client.setQueryData(userKey, check.user);
  return check;
}

/** The session check runs first: cached 60 s, refetched on focus, a 401 means signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: sessionQueryFn,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    select: (data) => data?.authenticated ?? false,
  });
}

/** The user, as the session check brought it (fetched on its own only once invalidated). */
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
