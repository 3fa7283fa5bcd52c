import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { useAdmins, useGrantAdmin, useRemoveAdmin } from '../api/admin-insights';

/**
 * Who administers the platform (domain.md, Admin): grant the role by username or email, take
 * it back, step down. The server refuses to take the role from the last admin.
 */
export function AdminsPanel() {
  const { t } = useTranslation();
  const admins = useAdmins().data?.admins ?? [];
  const grant = useGrantAdmin();
  const remove = useRemoveAdmin();
  const [login, setLogin] = useState('');
  const failed = (error: unknown) =>
    toast({ title: t('adminInsights.admins.failed'), description: errorText(error), variant: 'destructive' });
  const onGrant = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate(login.trim(), {
      onSuccess: () => {
        toast({ title: t('adminInsights.admins.granted') });
        setLogin('');
      },
      onError: failed,
    });
  };
  return (
    <Card title={t('adminInsights.admins.title')} data-testid="admins-panel">
      <ul className="flex flex-col divide-y divide-stone-100">
        {admins.map((admin) => (
          <li
            key={admin.id}
            className="flex flex-wrap items-center justify-between gap-2 py-3"
            data-testid="admin-row"
          >
            <span className="text-sm">
              <span className="font-medium">{admin.displayName}</span>{' '}
              <span className="text-stone-600">@{admin.username}</span>
              {admin.you && <span className="text-stone-600"> · {t('adminInsights.admins.you')}</span>}
            </span>
            <ConfirmDialog
              trigger={
                <Button variant="secondary">
                  {admin.you ? t('adminInsights.admins.stepDown') : t('adminInsights.admins.remove')}
                </Button>
              }
              title={
                admin.you
                  ? t('adminInsights.admins.stepDownTitle')
                  : t('adminInsights.admins.removeTitle', { name: admin.displayName })
              }
              body={t('adminInsights.admins.removeBody')}
              confirmLabel={admin.you ? t('adminInsights.admins.stepDown') : t('adminInsights.admins.remove')}
              onConfirm={() =>
                remove.mutate(admin.id, {
                  onSuccess: () => toast({ title: t('adminInsights.admins.removed') }),
                  onError: failed,
                })
              }
            />
          </li>
        ))}
      </ul>
      <form onSubmit={onGrant} className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field
          label={t('adminInsights.admins.login')}
          hint={t('adminInsights.admins.loginHint')}
          required
          value={login}
          onChange={(event) => setLogin(event.target.value)}
        />
        <Button type="submit" busy={grant.isPending}>
          {t('adminInsights.admins.grant')}
        </Button>
      </form>
    </Card>
  );
}
