import type { TesterInviteRow } from '@giro/contract/admin-insights';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { useIssueTesterInvite, useRevokeTesterInvite } from '../api/admin-insights';
import { count, dateTime } from './figures';

/** Tester invites of private testing (domain.md): issue one and get its link, list, revoke. */
export function TesterInvitesPanel({ invites }: { invites: TesterInviteRow[] }) {
  const { t } = useTranslation();
  const issue = useIssueTesterInvite();
  const revoke = useRevokeTesterInvite();
  const [email, setEmail] = useState('');
  const [expiresInDays, setExpiresInDays] = useState('14');
  const [issuedUrl, setIssuedUrl] = useState<string | null>(null);
  const failed = (error: Error) =>
    toast({ title: t('adminInsights.testers.failed'), description: error.message, variant: 'destructive' });
  const onIssue = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate(
      { expiresInDays: Number(expiresInDays), ...(email.trim() ? { email: email.trim() } : {}) },
      {
        onSuccess: (invite) => {
          setIssuedUrl(invite.url);
          setEmail('');
        },
        onError: failed,
      },
    );
  };
  return (
    <Card title={t('adminInsights.testers.title')} data-testid="tester-invites">
      <form onSubmit={onIssue} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <Field
          label={t('adminInsights.testers.email')}
          hint={t('adminInsights.testers.emailHint')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label={t('adminInsights.testers.expiresInDays')}
          type="number"
          min={1}
          max={365}
          required
          value={expiresInDays}
          onChange={(event) => setExpiresInDays(event.target.value)}
        />
        <Button type="submit" busy={issue.isPending}>
          {t('adminInsights.testers.issue')}
        </Button>
      </form>
      {issuedUrl && (
        <p role="status" className="mt-3 rounded-lg bg-teal-50 p-3 text-sm">
          {t('adminInsights.testers.issued')}{' '}
          <code className="break-all" data-testid="issued-invite-url">
            {issuedUrl}
          </code>
        </p>
      )}
      <ul className="mt-4 flex flex-col divide-y divide-stone-100">
        {invites.map((invite) => (
          <li
            key={invite.id}
            className="flex flex-wrap items-center justify-between gap-2 py-3"
            data-testid="tester-invite"
          >
            <div className="flex flex-col text-sm">
              <span>
                <span className="font-mono">{invite.code}</span> ·{' '}
                {t(`adminInsights.testers.status.${invite.status}`)}
              </span>
              <span className="text-stone-600">
                {invite.email ?? t('adminInsights.testers.anyEmail')} ·{' '}
                {t('adminInsights.testers.expires', { date: dateTime(invite.expiresAt) })}
              </span>
              <span className="text-stone-600">
                {t('adminInsights.testers.figures', {
                  visits: count(invite.visits),
                  conversions: count(invite.conversions),
                })}
                {invite.usedAt &&
                  ` · ${t('adminInsights.testers.usedAt', { date: dateTime(invite.usedAt) })}`}
              </span>
            </div>
            {invite.status === 'active' && (
              <ConfirmDialog
                trigger={<Button variant="secondary">{t('adminInsights.testers.revoke')}</Button>}
                title={t('adminInsights.testers.revokeTitle', { code: invite.code })}
                body={t('adminInsights.testers.revokeBody')}
                confirmLabel={t('adminInsights.testers.revoke')}
                onConfirm={() => revoke.mutate(invite.id, { onError: failed })}
              />
            )}
          </li>
        ))}
      </ul>
      {invites.length === 0 && <p className="text-stone-600">{t('adminInsights.testers.none')}</p>}
    </Card>
  );
}
