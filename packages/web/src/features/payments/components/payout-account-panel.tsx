import type { PayoutAccount } from '@giro/contract/payout-account';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { dateTime } from '../../../lib/format';
import { payoutAccountAnchor } from '../../../lib/payout-account-link';
import { leaveFor } from '../api/leave-for';
import {
  type AccountChange,
  isSandbox,
  useAccountChange,
  useOnboarding,
  usePayoutAccount,
} from '../api/payout-account';
import { useOnboardingReturn } from '../hooks/use-onboarding-return';

/** What the person sees: an unlinked account (it has an id) reads differently from none at all. */
type Shown = PayoutAccount['status'] | 'unlinked';
const shownOf = (account: PayoutAccount): Shown =>
  account.status === 'not_connected' && account.id !== null ? 'unlinked' : account.status;

const badge: Record<Shown, string> = {
  active: 'bg-teal-50 text-teal-900 ring-teal-300',
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  restricted: 'bg-red-50 text-red-900 ring-red-300',
  not_connected: 'bg-stone-100 text-stone-800 ring-stone-300',
  unlinked: 'bg-stone-100 text-stone-800 ring-stone-300',
};

const done: Record<AccountChange, string> = {
  unlink: 'payments.toast.unlinked',
  reconnect: 'payments.toast.reconnected',
  delete: 'payments.toast.deleted',
};

/**
 * The connected payment account panel (SPEC §2, §4): its status in words, and what can be done
 * from it: create, complete setup (pending), resolve issues (restricted), unlink, reconnect after
 * unlinking, delete (asked first: it cannot be undone). Payouts need an active account.
 * `roundWaitsUntil`, from the page: the member's round is ready and its 24 hours to connect one
 * run until then (ADR 0059), said where the account is connected, not only on the fund.
 */
export function PayoutAccountPanel({ roundWaitsUntil = null }: { roundWaitsUntil?: string | null }) {
  const { t } = useTranslation();
  const account = usePayoutAccount();
  const { isForwarding } = useOnboardingReturn();
  const create = useOnboarding('create');
  const link = useOnboarding('link');
  const unlink = useAccountChange('unlink');
  const reconnect = useAccountChange('reconnect');
  const remove = useAccountChange('delete');
  const busy =
    isForwarding ||
    create.isPending ||
    link.isPending ||
    unlink.isPending ||
    reconnect.isPending ||
    remove.isPending ||
    create.isSuccess ||
    link.isSuccess;

  // Arriving by a link to the panel (/account#payout-account): bring it into view and focus it.
  useEffect(() => {
    if (window.location.hash !== `#${payoutAccountAnchor}`) return;
    const panel = document.getElementById(payoutAccountAnchor);
    panel?.scrollIntoView?.({ block: 'start' });
    panel?.focus({ preventScroll: true });
  }, []);

  const onboard = (mutation: typeof create, failed: string) =>
    mutation.mutate(undefined, {
      onSuccess: ({ onboardingUrl }) => leaveFor(onboardingUrl),
      onError: (error) => toast({ title: t(failed), description: errorText(error), variant: 'destructive' }),
    });
  const change = (mutation: ReturnType<typeof useAccountChange>, name: AccountChange) =>
    mutation.mutate(undefined, {
      onSuccess: () => toast({ title: t(done[name]) }),
      onError: (error) =>
        toast({
          title: t(`payments.toast.${name}Failed`),
          description: errorText(error),
          variant: 'destructive',
        }),
    });

  const data = account.data;
  const shown = data ? shownOf(data) : undefined;
  const sandbox = isSandbox(data ?? undefined);
  return (
    <Card
      id={payoutAccountAnchor}
      tabIndex={-1}
      aria-labelledby="payout-account-title"
      aria-busy={busy || undefined}
      data-testid="payout-account"
      className="scroll-mt-4 focus:outline-none focus-visible:outline-3 focus-visible:outline-teal-600"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="payout-account-title" className="text-lg font-semibold text-stone-900">
          {t('payments.title')}
        </h2>
        {sandbox && (
          <span className="rounded bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-900 ring-1 ring-violet-300">
            {t('payments.sandbox.badge')}
          </span>
        )}
      </div>
      <p className="text-sm text-stone-700">{t('payments.intro')}</p>
      {account.isPending ? (
        <LoadingStatus className="mt-3 text-sm text-stone-700" />
      ) : account.isError || !data || !shown ? (
        <div className="mt-3 flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-red-800">
            {t('payments.loadFailed')}
          </p>
          <Button variant="secondary" onClick={() => account.refetch()}>
            {t('payments.retry')}
          </Button>
        </div>
      ) : (
        <>
          <dl className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <dt className="text-stone-600">{t('payments.statusLabel')}</dt>
            <dd>
              <span
                data-testid="payout-account-status"
                data-status={shown}
                className={`rounded px-2 py-0.5 font-semibold ring-1 ${badge[shown]}`}
              >
                {t(`payments.status.${shown}`)}
              </span>
            </dd>
          </dl>
          <p className="mt-2 text-sm" aria-live="polite">
            {isForwarding ? t('payments.forwarding') : t(`payments.explain.${shown}`)}
          </p>
          {roundWaitsUntil && shown !== 'active' && (
            <p
              data-testid="payout-account-round-waits"
              className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300"
            >
              {t('payments.roundWaits', { date: dateTime(roundWaitsUntil) })}
            </p>
          )}
          {sandbox && <p className="mt-2 text-sm text-violet-900">{t('payments.sandbox.explain')}</p>}
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {shown === 'not_connected' && (
              <Button disabled={busy} onClick={() => onboard(create, 'payments.toast.createFailed')}>
                {t('payments.actions.create')}
              </Button>
            )}
            {shown === 'pending' && (
              <Button disabled={busy} onClick={() => onboard(link, 'payments.toast.linkFailed')}>
                {t('payments.actions.completeSetup')}
              </Button>
            )}
            {shown === 'restricted' && (
              <Button disabled={busy} onClick={() => onboard(link, 'payments.toast.linkFailed')}>
                {t('payments.actions.resolveIssues')}
              </Button>
            )}
            {shown === 'unlinked' && (
              <Button disabled={busy} onClick={() => change(reconnect, 'reconnect')}>
                {t('payments.actions.reconnect')}
              </Button>
            )}
            {(shown === 'pending' || shown === 'active' || shown === 'restricted') && (
              <Button variant="secondary" disabled={busy} onClick={() => change(unlink, 'unlink')}>
                {t('payments.actions.unlink')}
              </Button>
            )}
            {shown !== 'not_connected' && (
              <ConfirmDialog
                trigger={
                  <Button variant="danger" disabled={busy}>
                    {t('payments.actions.delete')}
                  </Button>
                }
                title={t('payments.delete.title')}
                body={t('payments.delete.body')}
                confirmLabel={t('payments.delete.confirm')}
                onConfirm={() => change(remove, 'delete')}
              />
            )}
          </div>
        </>
      )}
      <p className="mt-4 border-t border-stone-100 pt-3 text-sm text-stone-700">
        {t('payments.payoutsNeedActive')}
      </p>
    </Card>
  );
}
