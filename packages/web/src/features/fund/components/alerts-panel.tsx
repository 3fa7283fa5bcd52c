import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { longDate } from '../../../lib/format';
import { useDeleteNotification, useNotifications } from '../api/notifications';

const SHOWN = 3;

/**
 * The alerts panel (domain.md, Notifications): newest first, 3 shown, 'show more', each deletable.
 * `onlyWithAlerts`: nothing at all until there is one (the home of someone in no family: an
 * ex-member's notices, a payout that waits for them, and no empty card for everyone else).
 */
export function AlertsPanel({ onlyWithAlerts = false }: { onlyWithAlerts?: boolean }) {
  const { t } = useTranslation();
  const notifications = useNotifications(true);
  const remove = useDeleteNotification();
  const [showAll, setShowAll] = useState(false);
  const all = notifications.data ?? [];
  // A failed load still says so: there may be something to tell.
  if (onlyWithAlerts && all.length === 0 && !notifications.isError) return null;
  const shown = showAll ? all : all.slice(0, SHOWN);
  return (
    <Card title={t('alerts.title')} data-testid="alerts-panel">
      {notifications.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('alerts.loadFailed')}
        </p>
      ) : all.length === 0 ? (
        <p className="text-sm text-stone-700">
          {notifications.isLoading ? t('common.loading') : t('alerts.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {shown.map((n) => (
            <li key={n.id} className="flex items-start justify-between gap-3 py-2" data-testid="alert">
              <div className="min-w-0">
                <p className="font-medium">
                  {n.link ? (
                    <Link href={n.link} className="underline-offset-2 hover:underline">
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </p>
                <p className="text-sm break-words text-stone-700">{n.body}</p>
                <p className="text-xs text-stone-500">{longDate(n.createdAt)}</p>
              </div>
              <Button
                variant="ghost"
                className="shrink-0"
                aria-label={t('alerts.deleteOne', { title: n.title })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(n.id)}
              >
                {t('alerts.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {all.length > SHOWN && (
        <Button
          variant="ghost"
          className="mt-2"
          aria-expanded={showAll}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? t('alerts.showLess') : t('alerts.showMore')}
        </Button>
      )}
    </Card>
  );
}
