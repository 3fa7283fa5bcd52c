import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { useCalendarFeed, useRotateCalendarFeed, webcalUrl } from '../api/notification-preferences';

/**
 * The member's due dates in their own calendar (issue 14): a secret feed address, opened as a
 * subscription (`webcal:`) or copied, and replaced when it has leaked.
 */
export function CalendarCard() {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('calendar.copied') });
    } catch {
      toast({ title: t('calendar.copyFailed'), variant: 'destructive' });
    }
  };
  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => toast({ title: t('calendar.rotated') }),
      onError: (error) =>
        toast({ title: t('calendar.rotateFailed'), description: errorText(error), variant: 'destructive' }),
    });
  const url = feed.data?.url;
  return (
    <Card title={t('calendar.title')} data-testid="calendar-card">
      <p className="text-sm text-stone-700">{t('calendar.body')}</p>
      {url ? (
        <>
          <dl className="mt-3 text-sm">
            <dt className="text-stone-600">{t('calendar.address')}</dt>
            <dd className="break-all font-mono" data-testid="calendar-url">
              {url}
            </dd>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <a
              href={webcalUrl(url)}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            >
              {t('calendar.add')}
            </a>
            <Button variant="secondary" needsNetwork={false} onClick={() => copy(url)}>
              {t('calendar.copy')}
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="secondary" needsNetwork busy={rotate.isPending}>
                  {t('calendar.rotate')}
                </Button>
              }
              title={t('calendar.rotateTitle')}
              body={t('calendar.rotateBody')}
              confirmLabel={t('calendar.rotate')}
              onConfirm={onRotate}
            />
          </div>
        </>
      ) : feed.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {t('calendar.loadFailed')}
        </p>
      ) : (
        <LoadingStatus className="mt-3 text-sm text-stone-700" />
      )}
    </Card>
  );
}
