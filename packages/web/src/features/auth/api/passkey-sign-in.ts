import type { User } from '@giro/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';
import { signedIn } from './auth-mutations';
import { passkeyRequests } from './passkey-requests';

type WebAuthnBrowser = typeof import('@simplewebauthn/browser');
type Options = Parameters<WebAuthnBrowser['startAuthentication']>[0]['optionsJSON'];

/** @simplewebauthn/browser, loaded only when asked for: the sign-in page's first load stays in budget. */
let webauthn: WebAuthnBrowser | undefined;

/** This page's passkey requests to the browser, one at a time (passkey-requests). */
const requests = passkeyRequests({
  async prepare() {
    webauthn ??= await import('@simplewebauthn/browser');
    const optionsJSON = await apiRequest<Options>('POST', '/api/passkeys/authentication/options');
    return { webauthn, optionsJSON };
  },
  start: ({ webauthn, optionsJSON }, autofill) =>
    webauthn.startAuthentication({ optionsJSON, useBrowserAutofill: autofill }),
  // The library's abort service holds the signal of the ceremony it started last.
  cancel: () => webauthn?.WebAuthnAbortService.cancelCeremony(),
  signIn: (response) => apiRequest<User>('POST', '/api/passkeys/authentication', { response }),
});

/** The sign-in form is gone: the username field's passkey suggestions stop being offered. */
export const endPasskeyAutofill = requests.leave;

/**
 * Signs in with a passkey (issue 18): the server's challenge, the browser's passkey picker, the
 * answer. `autofill` waits instead for the member to pick a passkey in the username field's
 * suggestions (conditional UI), and resolves to null when it ends without one.
 */
export function usePasskeySignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ autofill }: { autofill: boolean }): Promise<User | null> =>
      autofill ? requests.autofill() : requests.ask(),
    // Not tried again by itself: each try opens the browser's passkey picker again.
    retry: false,
    onSuccess: (user) => (user ? signedIn(client, user) : undefined),
  });
}
