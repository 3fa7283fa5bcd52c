import type { TimelineEntry } from '@giro/contract/requests';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { dateTime, euro } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** A request's timeline, or the organization's recent activity (then each line names its request). */
export function ActivityList({
  entries,
  showTitle = false,
  testId,
}: {
  entries: TimelineEntry[];
  showTitle?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="text-sm text-stone-600">{t('requests.noActivity')}</p>;
  const text = (e: TimelineEntry) => {
    switch (e.type) {
      case 'created':
        return t('requests.timeline.created', { name: e.actorName });
      case 'activated':
        return t('requests.timeline.activated');
      case 'contribution':
        return t('requests.timeline.contribution', { name: e.actorName, amount: euro(e.amountCents ?? 0) });
      case 'ended':
        return t(`requests.timeline.ended.${e.status ?? 'completed'}`);
    }
  };
  return (
    <ol className="flex flex-col gap-2" data-testid={testId}>
      {entries.map((e) => (
        <li key={e.id} className="border-l-2 border-teal-600 pl-3 text-sm">
          <span className="block text-stone-900">
            {showTitle && (
              <>
                <Link href={paths.request(e.requestId)} className="font-semibold text-teal-800 underline">
                  {e.requestTitle}
                </Link>
                {': '}
              </>
            )}
            {text(e)}
          </span>
          <time dateTime={e.at} className="text-xs text-stone-600">
            {dateTime(e.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
