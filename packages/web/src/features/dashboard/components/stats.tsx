import type { Dashboard } from '@giro/contract/dashboard';
import { useTranslation } from 'react-i18next';
import { euro } from '../../../lib/format';

/** Personal stats, read from the ledger by the server. */
export function Stats({ stats }: { stats: Dashboard['userStats'] }) {
  const { t } = useTranslation();
  const items = [
    ['dashboard.totalGiven', euro(stats.totalGivenCents)],
    ['dashboard.totalReceived', euro(stats.totalReceivedCents)],
    ['dashboard.balance', euro(stats.currentBalanceCents)],
  ] as const;
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <dt className="text-sm text-stone-600">{t(label)}</dt>
          <dd className="mt-1 text-2xl font-bold text-teal-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
