import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useLogin } from '../api/auth-mutations';
import { loginFormSchema, type LoginForm as Values } from '../api/form-schemas';

export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(loginFormSchema) });
  const error = (key?: string) => (key ? t(key) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      onDone();
    } catch (failure) {
      toast({ title: t('auth.loginFailed'), description: errorText(failure), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('auth.usernameOrEmail')}
        autoComplete="username"
        {...register('username')}
        error={error(formState.errors.username?.message)}
      />
      <Field
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        {...register('password')}
        error={error(formState.errors.password?.message)}
      />
      <Button type="submit" disabled={login.isPending}>
        {t('auth.signIn')}
      </Button>
      <Link href={paths.forgotPassword} className="text-sm text-teal-800 underline">
        {t('auth.forgotPassword')}
      </Link>
    </form>
  );
}
