import type { ContributionView, FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { euro, longDate } from '../../../lib/format';
import { useFundAction } from '../api/fund-actions';
import { useMemberName } from '../hooks/use-fund-people';

/**
 * The round's contributions. A manual one counts once the recipient confirms receiving it,
 * so the recipient sees a 'confirm receipt' button on each declared one.
 */
export function RoundContributions({
  fund,
  contributions,
  isRecipient,
}: {
  fund: FundView;
  contributions: ContributionView[];
  isRecipient: boolean;
}) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const confirm = useFundAction('confirmReceipt');
  if (contributions.length === 0)
    return <p className="text-sm text-stone-600">{t('fund.round.noContributions')}</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid="round-contributions">
      {contributions.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div>
            <p className="font-medium">{name(c.contributorId)}</p>
            <p className="text-xs text-stone-600">
              {euro(c.amountCents)} · {t(`fund.contribute.methods.${c.method}`)} · {longDate(c.at)}
            </p>
          </div>
          {isRecipient && c.method === 'manual' && c.status === 'declared' ? (
            <Button
              variant="secondary"
              busy={confirm.isPending}
              onClick={() => confirm.run({ fundId: fund.id, id: c.id })}
              aria-label={t('fund.round.confirmReceiptOf', { name: name(c.contributorId) })}
            >
              {t('fund.round.confirmReceipt')}
            </Button>
          ) : (
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs">
              {t(`fund.contributionStatus.${c.status}`, { defaultValue: c.status })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
