import type { User } from '@giro/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { signedIn } from './auth-mutations';

/**
 * Signs in with a passkey (issue 18): the server's challenge, the browser's passkey picker
 * (@simplewebauthn/browser, loaded only now: the sign-in page's first load stays in budget), the
 * answer. `autofill` waits instead for the member to pick a passkey in the username field's
 * suggestions (conditional UI), and resolves to null when another sign-in takes its place.
 */
export function usePasskeySignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ autofill }: { autofill: boolean }): Promise<User | null> => {
      // The autofill's passkey was picked and is being checked: the button joins it.
      if (signingIn) return autofill ? null : signingIn;
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = await apiRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        'POST',
        '/api/passkeys/authentication/options',
      );
      let response: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        // A new ceremony cancels one under way (the library's abort service): the button's
        // ends the autofill's wait.
        response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
      } catch (error) {
        if (autofill) return null;
        throw error;
      }
      if (signingIn) return autofill ? null : signingIn;
      signingIn = apiRequest<User>('POST', '/api/passkeys/authentication', { response });
      try {
        return await signingIn;
      } finally {
        signingIn = null;
      }
    },
    onSuccess: (user) => (user ? signedIn(client, user) : undefined),
  });
}

/** One passkey sign-in at a time: the autofill and the button never make two sessions. */
let signingIn: Promise<User> | null = null;
