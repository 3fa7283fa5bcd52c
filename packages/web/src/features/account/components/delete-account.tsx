import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { useRequestDeletion } from '../api/account';

/** Deletion asks for the password, then confirms by an emailed link (domain.md). */
export function DeleteAccount() {
  const { t } = useTranslation();
  const request = useRequestDeletion();
  const [password, setPassword] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(password, {
      onSuccess: () => {
        setPassword('');
        toast({ title: t('account.deletionEmailSent') });
      },
      onError: (error) =>
        toast({ title: t('account.deleteFailed'), description: errorText(error), variant: 'destructive' }),
    });
  };
  return (
    <Card title={t('account.deleteAccount')} className="ring-red-200">
      <p className="text-sm text-stone-700">{t('account.deleteBody')}</p>
      <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-3">
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <Button type="submit" variant="danger" disabled={request.isPending || !password}>
          {t('account.deleteAccount')}
        </Button>
      </form>
    </Card>
  );
}
