import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useLogin } from '../api/auth-mutations';
import { endPasskeyAutofill, usePasskeySignIn } from '../api/passkey-sign-in';

/** Whether this browser can offer passkeys at all (every current one can; some old ones cannot). */
const hasPasskeys = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

type Errors = Partial<Record<'username' | 'password', string>>;

/**
 * Sign in. Two required fields need no form library: the sign-in page is the first a visitor
 * loads, so it carries no validation library (the server checks everything again).
 */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const passkey = usePasskeySignIn();
  const autofill = usePasskeySignIn();
  const [errors, setErrors] = useState<Errors>({});

  // Conditional UI: where the browser supports it, the member's passkeys for this site appear
  // among the username field's suggestions. Started once, when the page is idle (the sign-in
  // page's first paint does not wait for it), and ended when the form goes.
  const startAutofill = autofill.mutate;
  const failed = (failure: unknown) =>
    toast({
      title: t('auth.passkeyFailed'),
      // The member closed the browser's dialog, or has no passkey here: said plainly.
      description:
        failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError')
          ? t('auth.passkeyCancelled')
          : errorText(failure),
      variant: 'destructive',
    });
  // The effect below runs once: it reads this render's callbacks when the wait ends.
  const latest = useRef({ onDone, failed });
  latest.current = { onDone, failed };
  useEffect(() => {
    if (!hasPasskeys() || !PublicKeyCredential.isConditionalMediationAvailable) return;
    let cancelled = false;
    const start = () =>
      PublicKeyCredential.isConditionalMediationAvailable().then((available) => {
        if (available && !cancelled)
          startAutofill(
            { autofill: true },
            {
              onSuccess: (user) => user && latest.current.onDone(),
              // A picked passkey the server refused (removed from her account, say).
              onError: (failure) => latest.current.failed(failure),
            },
          );
      });
    const idle = 'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 3000 }) : undefined;
    return () => {
      cancelled = true;
      if (idle !== undefined) cancelIdleCallback(idle);
      endPasskeyAutofill();
    };
  }, [startAutofill]);

  const withPasskey = () =>
    passkey.mutate({ autofill: false }, { onSuccess: (user) => user && onDone(), onError: failed });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const found: Errors = {};
    if (!username) found.username = t('validation.required');
    if (!password.trim()) found.password = t('validation.required');
    setErrors(found);
    if (found.username || found.password) return;
    try {
      await login.mutateAsync({ username, password });
      onDone();
    } catch (failure) {
      toast({ title: t('auth.loginFailed'), description: errorText(failure), variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('auth.usernameOrEmail')}
        name="username"
        autoComplete="username webauthn"
        error={errors.username}
      />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <Button type="submit" busy={login.isPending}>
        {t('auth.signIn')}
      </Button>
      {hasPasskeys() && (
        <Button
          type="button"
          variant="secondary"
          busy={passkey.isPending}
          onClick={withPasskey}
          data-testid="passkey-sign-in"
        >
          {t('auth.signInWithPasskey')}
        </Button>
      )}
      <Link href={paths.forgotPassword} className="tap-height self-start text-sm text-teal-800 underline">
        {t('auth.forgotPassword')}
      </Link>
    </form>
  );
}
