import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { ACCOUNT_PAGE_STRINGS } from '../../../lib/i18n';
import { useMutation } from '../../../lib/mutation';
import { PushServiceError, sendTestPush } from '../api/push';
import { useDevicePush } from '../hooks/use-device-push';

/**
 * Push on this device: its state in words, the one button that changes it (the browser asks
 * for permission only then), and a test notification to every browser of the member.
 */
export function DevicePush({ userId, pushBrowsers }: { userId: string; pushBrowsers: number }) {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  const { state, change } = useDevicePush(userId, pushBrowsers);
  const test = useMutation({ mutationFn: sendTestPush });
  const turn = (on: boolean) =>
    change.mutate(on, {
      onSuccess: (next) => {
        if (next === 'on') toast({ title: t('notifications.device.turnedOn') });
        else if (!on) toast({ title: t('notifications.device.turnedOff') });
        else if (next === 'off') toast({ title: t('notifications.device.notAllowed') });
      },
      onError: (error) =>
        toast({
          title: t('notifications.device.failed'),
          description:
            error instanceof PushServiceError ? t('notifications.device.serviceFailed') : errorText(error),
          variant: 'destructive',
        }),
    });
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ browsers }) =>
        toast({
          title:
            browsers > 0
              ? t('notifications.device.testSent', { count: browsers })
              : t('notifications.device.testNone'),
        }),
      onError: (error) =>
        toast({
          title: t('notifications.device.testFailed'),
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  return (
    <section aria-labelledby="device-push-title" className="flex flex-col gap-3" data-testid="device-push">
      <h3 id="device-push-title" className="font-semibold text-stone-900">
        {t('notifications.device.title')}
      </h3>
      <p role="status" className="text-sm text-stone-700" data-testid="push-state" data-state={state}>
        {t(`notifications.device.${state}`)}
      </p>
      <div className="flex flex-wrap gap-2">
        {state === 'off' && (
          <Button onClick={() => turn(true)} busy={change.isPending}>
            {t('notifications.device.turnOn')}
          </Button>
        )}
        {state === 'on' && (
          <Button variant="secondary" needsNetwork onClick={() => turn(false)} busy={change.isPending}>
            {t('notifications.device.turnOff')}
          </Button>
        )}
        <Button variant="secondary" needsNetwork onClick={sendTest} busy={test.isPending}>
          {t('notifications.device.test')}
        </Button>
      </div>
      <p className="text-sm text-stone-700">{t('notifications.device.browsers', { count: pushBrowsers })}</p>
    </section>
  );
}
