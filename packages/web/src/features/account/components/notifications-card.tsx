import type {
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '@giro/contract/notification-preferences';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { ACCOUNT_PAGE_STRINGS } from '../../../lib/i18n';
import { useOnline } from '../../../lib/online';
import {
  deviceTimeZone,
  lastSentZone,
  useNotificationPreferences,
  useSaveNotificationPreferences,
  withDeviceTimeZone,
} from '../api/notification-preferences';
import { DevicePush } from './device-push';
import { NotificationTypesTable } from './notification-types-table';
import { QuietHoursForm } from './quiet-hours-form';

/** Account's "Notifications" (issue 14): this device's push, what reaches the member where, and when. */
export function NotificationsCard({ userId }: { userId: string }) {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  const preferences = useNotificationPreferences();
  return (
    <Card id="notifications" title={t('notifications.title')} data-testid="notifications-card">
      {preferences.data ? (
        <NotificationSettings userId={userId} preferences={preferences.data} />
      ) : preferences.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('notifications.loadFailed')}
        </p>
      ) : (
        <LoadingStatus />
      )}
    </Card>
  );
}

function NotificationSettings({
  userId,
  preferences,
}: {
  userId: string;
  preferences: NotificationPreferences;
}) {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  const save = useSaveNotificationPreferences();
  const online = useOnline();
  const id = useId();
  const deviceZone = deviceTimeZone();
  // What the next save sends: this device's zone goes with it until it has been sent once.
  const withZone = (update: NotificationPreferencesUpdate) =>
    withDeviceTimeZone(update, preferences.timeZone, deviceZone, lastSentZone());
  const zoneShown = withZone({}).timeZone ?? preferences.timeZone;
  const onChange = (update: NotificationPreferencesUpdate) =>
    save.mutate(withZone(update), {
      onError: (error) =>
        toast({
          title: t('notifications.saveFailed'),
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  return (
    <div className="flex flex-col gap-6">
      <DevicePush userId={userId} pushBrowsers={preferences.pushBrowsers} />
      <section aria-labelledby={`${id}-types`} className="flex flex-col gap-2">
        <h3 id={`${id}-types`} className="font-semibold text-stone-900">
          {t('notifications.types.title')}
        </h3>
        <NotificationTypesTable types={preferences.types} onChange={onChange} />
        <p role="status" className="min-h-5 text-sm text-stone-700" data-testid="preferences-save-state">
          {save.isPending ? t('notifications.saving') : save.isSuccess ? t('notifications.saved') : ''}
        </p>
      </section>
      <QuietHoursForm
        // Starts again from what the server holds once it answers.
        key={JSON.stringify([preferences.quietHours, zoneShown])}
        quietHours={preferences.quietHours}
        timeZone={zoneShown}
        deviceZone={deviceZone}
        isSaving={save.isPending}
        onSave={onChange}
      />
      <div className="flex items-start gap-3">
        <input
          id={`${id}-weekly`}
          type="checkbox"
          className="mt-0.5 size-6 accent-teal-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          checked={preferences.weeklySummary}
          disabled={!online}
          onChange={(event) => onChange({ weeklySummary: event.target.checked })}
          aria-describedby={`${id}-weekly-hint`}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-weekly`} className="text-sm font-medium text-stone-800">
            {t('notifications.weekly.label')}
          </label>
          <p id={`${id}-weekly-hint`} className="text-xs text-stone-600">
            {t('notifications.weekly.hint')}
          </p>
        </div>
      </div>
    </div>
  );
}
