import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card } from '../../../components/ui/card';
import { euro } from '../../../lib/format';
import { usePayoutsOwed } from '../api/request-queries';

/**
 * The payouts of the member's own requests still owed to them, in families they are no longer
 * in (ADR 0057) or failed in their own, each leading to the request's page where it is retried.
 * Nothing at all when there is none: most people never see it. A notice says the same once, but
 * a notice can be deleted or pruned.
 */
export function PayoutsOwed() {
  const { t } = useTranslation();
  const owed = usePayoutsOwed().data?.requests ?? [];
  if (owed.length === 0) return null;
  return (
    <Card title={t('requests.owed.title')} data-testid="payouts-owed">
      <p className="text-sm text-stone-700">
        {/* Only a failed payout asks for something: one on its way needs nothing from them. */}
        {t(owed.some((r) => r.status === 'failed') ? 'requests.owed.body' : 'requests.owed.bodyPending')}
      </p>
      <ul className="mt-2 flex flex-col">
        {owed.map((r) => (
          <li key={r.id}>
            <Link href={`/requests/${r.id}`} className="tap-height font-medium text-teal-800 underline">
              {t(`requests.owed.${r.status}`, { title: r.title, amount: euro(r.netCents) })}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
