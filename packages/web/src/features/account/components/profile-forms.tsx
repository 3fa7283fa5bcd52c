import { emailSchema, type User } from '@giro/contract/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { useChangePassword, useUpdatePaypal, useUpdateProfile } from '../api/account';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [displayName, setDisplayName] = useState(user.displayName);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { firstName, lastName, displayName },
      {
        onSuccess: () => toast({ title: t('account.settingsUpdated') }),
        onError: (error) =>
          toast({
            title: t('account.updateProfileFailed'),
            description: errorText(error),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <Card title={t('account.editProfile')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('auth.firstName')}
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            required
            maxLength={60}
          />
          <Field
            label={t('auth.lastName')}
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            required
            maxLength={60}
          />
        </div>
        <Field
          label={t('account.displayName')}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          maxLength={60}
        />
        <Button type="submit" busy={update.isPending}>
          {t('common.save')}
        </Button>
      </form>
    </Card>
  );
}

export function PaypalForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdatePaypal();
  const [email, setEmail] = useState(user.paypalEmail ?? '');
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    // Empty is allowed (manual payments only); anything else must be an email address (the server's rule).
    if (trimmed !== '' && !emailSchema.safeParse(trimmed).success) return setError(t('validation.email'));
    setError(undefined);
    update.mutate(trimmed || null, {
      onSuccess: () => toast({ title: t('account.settingsUpdated') }),
      onError: (error) =>
        toast({
          title: t('account.updatePaypalFailed'),
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  };
  return (
    <Card title={t('account.paypal')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <Field
          label={t('account.paypalEmail')}
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          hint={t('account.paypalHint')}
          error={error}
        />
        <Button type="submit" busy={update.isPending}>
          {t('common.save')}
        </Button>
      </form>
    </Card>
  );
}

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setNew('');
          toast({ title: t('account.passwordChanged') });
        },
        onError: (error) =>
          toast({
            title: t('account.passwordChangeFailed'),
            description: errorText(error),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <Card title={t('account.changePassword')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        <Field
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          required
        />
        <Field
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          required
          minLength={10}
          hint={t('auth.passwordHint')}
        />
        <Button type="submit" busy={change.isPending}>
          {t('account.changePassword')}
        </Button>
      </form>
    </Card>
  );
}
