import type { User } from '@giro/contract/auth';
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-client';

export const sessionKey = ['/api/session/check'] as const;
export const userKey = ['/api/user'] as const;

type SessionCheck = { authenticated: boolean; user?: User } | null;

const fetchSessionCheck = getQueryFn({ on401: 'returnNull' });

/**
 * Whether this browser's last session check named a member: main.tsx then asks for the first
 * screen's data beside the check instead of after it (one round trip less before the page). A
 * hint only: the check decides, and a wrong guess costs two answers of 401.
 */
export const SIGNED_IN_HINT = 'giro.signed-in';
export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}
export function rememberSignedIn(isSignedIn: boolean): void {
  try {
    if (isSignedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage refused (private mode): no hint, the page waits for the check
  }
}

/**
 * The session check answers the signed-in user too: it goes into the user's cache entry, so a
 * page load makes one request instead of a check followed by a second one for the user.
 */
export async function sessionQueryFn(context: QueryFunctionContext): Promise<SessionCheck> {
  const check = (await fetchSessionCheck(context)) as SessionCheck;
  if (check?.user) context.client.setQueryData(userKey, check.user);
  rememberSignedIn(Boolean(check?.user));
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
