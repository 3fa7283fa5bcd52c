import type { FundView } from '@giro/contract/fund';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ApiError, errorText } from '../../../lib/api-client';
import { euro } from '../../../lib/format';
import { payoutAccountHref } from '../../../lib/payout-account-link';
import { useFundAction } from '../api/fund-actions';

type Payout = NonNullable<FundView['round']>['payout'];

/**
 * What the recipient gets (domain.md, Distribution): gross with the platform, the fee, the net
 * (and the part of it that came from PayPal, which goes to their PayPal email when they have
 * one); manual money apart.
 */
export function DistributionModal({ fundId, payout }: { fundId: string; payout: Payout }) {
  const { t } = useTranslation();
  const withdraw = useFundAction('withdraw');
  const [open, setOpen] = useState(false);
  const rows: [string, number][] = [
    [t('fund.distribution.gross'), payout.grossCents],
    [t('fund.distribution.fee'), -payout.feeCents],
    [t('fund.distribution.net'), payout.netCents],
    ...(payout.paypalNetCents > 0
      ? [[t('fund.distribution.paypalPart'), payout.paypalNetCents] as [string, number]]
      : []),
    [t('fund.distribution.manual'), payout.manualCents],
  ];
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('fund.distribution.open')}</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('fund.distribution.title')}
        description={t('fund.distribution.explain')}
        testId="distribution-modal"
      >
        <dl className="grid gap-2 text-sm">
          {rows.map(([label, cents], index) => (
            <div
              key={label}
              className={`flex justify-between gap-3 ${index === 2 ? 'border-t border-stone-200 pt-2 font-semibold' : ''}`}
            >
              <dt>{label}</dt>
              <dd className="tabular-nums">{euro(cents)}</dd>
            </div>
          ))}
        </dl>
        {payout.paypalNetCents > 0 && (
          <p className="mt-3 text-sm text-stone-700">{t('fund.distribution.paypalWhere')}</p>
        )}
        {withdraw.error instanceof ApiError && withdraw.error.code === 'PAYOUT_ACCOUNT_REQUIRED' && (
          <p role="alert" className="mt-4 text-sm text-red-800" data-testid="payout-account-required">
            {errorText(withdraw.error)}{' '}
            <Link href={payoutAccountHref} className="font-semibold underline">
              {t('fund.timeout.connect')}
            </Link>
          </p>
        )}
        <Button
          className="mt-5 w-full"
          busy={withdraw.isPending}
          onClick={() => withdraw.run({ fundId }, { onSuccess: () => setOpen(false) })}
        >
          {t('fund.distribution.withdraw')}
        </Button>
      </Modal>
    </>
  );
}
