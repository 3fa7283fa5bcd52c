import { organizationTypes } from '@giro/domain/organization';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, errorText } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useRegister } from '../api/auth-mutations';
import { registerFormSchema, type RegisterForm as Values } from '../api/form-schemas';
import { useServerConfig } from '../api/public';
import { CaptchaField } from './captcha-field';

interface Props {
  mode: 'create' | 'join';
  inviteCode?: string | undefined;
  /** A tester invite (private testing) carried by /invite/{code}. */
  testerInvite?: string | undefined;
  functionalCookies: boolean;
  onAcceptFunctional: () => void;
  onDone: () => void;
}

export function RegisterForm({
  mode,
  inviteCode,
  testerInvite,
  functionalCookies,
  onAcceptFunctional,
  onDone,
}: Props) {
  const { t, i18n } = useTranslation();
  const config = useServerConfig();
  const registration = useRegister();
  const [captcha, setCaptcha] = useState('');
  const [captchaError, setCaptchaError] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const isInviteOnly = config.data?.registration === 'invite-only';
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(registerFormSchema),
    values: {
      mode,
      organizationName: '',
      organizationType: 'family',
      inviteCode: mode === 'join' ? (inviteCode ?? '') : (testerInvite ?? ''),
      username: '',
      email: '',
      password: '',
      firstName: '',
      lastName: '',
      acceptTerms: false,
    },
    resetOptions: { keepDirtyValues: true },
  });
  const error = (key?: string) => (key ? t(key) : undefined);
  const onCaptcha = useCallback((payload: string) => {
    setCaptcha(payload);
    if (payload) setCaptchaError('');
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    if (!captcha) {
      setCaptchaError(t('auth.captchaRequired'));
      return;
    }
    const code = values.inviteCode.trim() || undefined;
    try {
      // Awaited rather than callbacks: signing in re-renders the page around this form, and
      // the navigation must happen even when the form is gone by then.
      await registration.mutateAsync({
        username: values.username,
        email: values.email,
        password: values.password,
        firstName: values.firstName,
        lastName: values.lastName,
        acceptTerms: values.acceptTerms,
        captcha,
        organization:
          values.mode === 'create' ? { name: values.organizationName, type: values.organizationType } : null,
        ...(code ? { inviteCode: code } : {}),
        languagePreference: i18n.language === 'en' ? 'en' : 'it',
      });
      onDone();
    } catch (failure) {
      toast({ title: t('auth.registrationFailed'), description: errorText(failure), variant: 'destructive' });
      // A captcha is single use: solve a fresh one for the next attempt.
      if (!(failure instanceof ApiError && failure.code === 'VALIDATION_ERROR')) {
        setCaptcha('');
        setCaptchaReset((n) => n + 1);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {mode === 'create' ? (
        <>
          {isInviteOnly && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('auth.inviteOnly')}</p>
          )}
          <Field
            label={t('auth.organizationName')}
            {...register('organizationName')}
            error={error(formState.errors.organizationName?.message)}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="organization-type" className="text-sm font-medium text-stone-800">
              {t('auth.organizationType')}
            </label>
            <select
              id="organization-type"
              className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 focus-visible:outline-3 focus-visible:outline-teal-600"
              {...register('organizationType')}
            >
              {organizationTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`organizationTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
          {(isInviteOnly || testerInvite) && (
            <Field label={t('auth.testerInvite')} {...register('inviteCode')} />
          )}
        </>
      ) : (
        <Field
          label={t('auth.inviteCode')}
          autoCapitalize="characters"
          {...register('inviteCode')}
          error={error(formState.errors.inviteCode?.message)}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('auth.firstName')}
          autoComplete="given-name"
          {...register('firstName')}
          error={error(formState.errors.firstName?.message)}
        />
        <Field
          label={t('auth.lastName')}
          autoComplete="family-name"
          {...register('lastName')}
          error={error(formState.errors.lastName?.message)}
        />
      </div>
      <Field
        label={t('auth.username')}
        autoComplete="username"
        {...register('username')}
        error={error(formState.errors.username?.message)}
        hint={t('auth.usernameHint')}
      />
      <Field
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        {...register('email')}
        error={error(formState.errors.email?.message)}
      />
      <Field
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        {...register('password')}
        error={error(formState.errors.password?.message)}
        hint={t('auth.passwordHint')}
      />
      <div className="flex items-start gap-2">
        <input
          id="accept-terms"
          type="checkbox"
          className="mt-1 size-5 accent-teal-700"
          {...register('acceptTerms')}
        />
        <label htmlFor="accept-terms" className="text-sm">
          <Trans
            i18nKey="auth.acceptTerms"
            components={{
              terms: <Link href={paths.terms} className="text-teal-800 underline" />,
              privacy: <Link href={paths.privacy} className="text-teal-800 underline" />,
            }}
          />
        </label>
      </div>
      {formState.errors.acceptTerms && (
        <p role="alert" className="text-sm text-red-800">
          {t('validation.terms')}
        </p>
      )}
      {functionalCookies ? (
        <CaptchaField onPayload={onCaptcha} resetKey={captchaReset} />
      ) : (
        <div className="rounded-lg bg-stone-100 p-3 text-sm">
          <p>{t('auth.captchaNeedsCookies')}</p>
          <Button variant="secondary" className="mt-2" onClick={onAcceptFunctional}>
            {t('cookies.acceptFunctional')}
          </Button>
        </div>
      )}
      {captchaError && (
        <p role="alert" className="text-sm text-red-800">
          {captchaError}
        </p>
      )}
      <Button type="submit" busy={registration.isPending}>
        {mode === 'create' ? t('auth.createAccount') : t('auth.joinAccount')}
      </Button>
    </form>
  );
}
