import type { RequestSummary } from '@giro/contract/requests';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { euro } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** The queue in order, each with its position (1 = next to activate). */
export function QueuedRequests({ requests }: { requests: RequestSummary[] }) {
  const { t } = useTranslation();
  if (requests.length === 0) return <p className="text-sm text-stone-600">{t('requests.queueEmpty')}</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid="queued-requests">
      {requests.map((r) => (
        <li key={r.id} className="flex items-center gap-3 rounded-lg p-2 ring-1 ring-stone-200">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-stone-100 text-sm font-bold"
            title={t('requests.queuePosition', { position: r.queuePosition })}
          >
            {r.queuePosition}
          </span>
          <span className="min-w-0 flex-1">
            <Link href={paths.request(r.id)} className="block truncate font-medium text-teal-800 underline">
              {r.title}
            </Link>
            <span className="block text-xs text-stone-600">
              {t('requests.queuedLine', {
                name: r.ownerName,
                amount: euro(r.targetAmountCents),
                position: r.queuePosition,
              })}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
