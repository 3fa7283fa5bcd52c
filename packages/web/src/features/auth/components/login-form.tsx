import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useLogin } from '../api/auth-mutations';

type Errors = Partial<Record<'username' | 'password', string>>;

/**
 * Sign in. Two required fields need no form library: the sign-in page is the first a visitor
 * loads, so it carries no validation library (the server checks everything again).
 */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [errors, setErrors] = useState<Errors>({});

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
        autoComplete="username"
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
      <Link href={paths.forgotPassword} className="text-sm text-teal-800 underline">
        {t('auth.forgotPassword')}
      </Link>
    </form>
  );
}
