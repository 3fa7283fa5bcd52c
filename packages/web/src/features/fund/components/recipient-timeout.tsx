import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { payoutAccountHref } from '../../../lib/payout-account-link';
import { DeadlineCountdown } from './deadline-countdown';

/**
 * The recipient has no active payout account: 24 hours to connect one before the round's
 * contributions are refunded and the turn passes on (domain.md, Recipient timeout).
 */
export function RecipientTimeout({ deadline, isRecipient }: { deadline: string; isRecipient: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      data-testid="recipient-timeout"
      className="flex flex-col gap-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300"
    >
      <h3 className="font-semibold">{t('fund.timeout.title')}</h3>
      <p className="text-sm">{isRecipient ? t('fund.timeout.recipient') : t('fund.timeout.others')}</p>
      <DeadlineCountdown deadline={deadline} label={t('fund.timeout.left')} />
      {isRecipient && (
        <Link href={payoutAccountHref} className="self-start font-semibold text-teal-900 underline">
          {t('fund.timeout.connect')}
        </Link>
      )}
    </section>
  );
}
