import type { LoginBody, RegisterBody, User } from '@giro/contract/auth';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { apiRequest, clearCsrfToken } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';
import { pushedMember } from '../../../lib/push-member';
import { languageAtSignIn } from '../../../lib/saved-language';
import { rememberSignedIn } from './session';

/** The member's kept copy (lib/offline-cache, a chunk the sign-in page does not need first). */
export const clearOfflineCache = () =>
  import('../../../lib/offline-cache').then((cache) => cache.clearOfflineCache());

/** This browser's push subscription given up (lib/browser-push; a chunk the sign-in page does not need first). */
const releasePush = (tellServer: boolean) =>
  import('../../../lib/browser-push').then((push) => push.releasePush(tellServer));

/**
 * Another member may have used this browser before: what was read for them (kept offline, or
 * still cached and not on screen) goes before the new member's reads come in, and their pushes
 * stop coming to it (they had not signed out: their session had ended, or was left open).
 */
async function forgetPreviousMember(client: QueryClient, user: User) {
  client.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
  const pushedFor = pushedMember();
  await Promise.all([clearOfflineCache(), pushedFor && pushedFor !== user.id && releasePush(false)]);
}

/**
 * After any sign-in (password, passkey, or a new account): a new session, so a new CSRF token,
 * the member's language, and fresh reads.
 */
export async function signedIn(client: QueryClient, user: User) {
  clearCsrfToken();
  await forgetPreviousMember(client, user);
  client.setQueryData(['/api/user'], await languageAtSignIn(user));
  await client.invalidateQueries();
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<User>('POST', '/api/login', body),
    onSuccess: (user) => signedIn(client, user),
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
    onSuccess: (user) => signedIn(client, user),
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Before the session ends, while it can still remove this browser's subscription.
      if (pushedMember()) await releasePush(true);
      return apiRequest('POST', '/api/logout');
    },
    onSuccess: async () => {
      clearCsrfToken();
      client.clear();
      client.setQueryData(['/api/session/check'], { authenticated: false });
      rememberSignedIn(false);
      await clearOfflineCache();
    },
  });
}
