import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api-client';
import { dateTime } from '../../../lib/format';
import { ACCOUNT_PAGE_STRINGS } from '../../../lib/i18n';
import { useEndSession, useSessions, useSignOutOthers } from '../api/security';

/** Where the member is signed in (issue 18): this browser marked; end one, or all the others. */
export function SessionsList() {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  const sessions = useSessions();
  const end = useEndSession();
  const others = useSignOutOthers();
  const failed = (title: string) => (failure: unknown) =>
    toast({ title, description: errorText(failure), variant: 'destructive' });
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);
  return (
    <div data-testid="sessions">
      <h3 className="text-base font-semibold">{t('security.sessions')}</h3>
      {sessions.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t('security.loadFailed')}
        </p>
      ) : (
        sessions.isPending && <LoadingStatus className="mt-2 text-sm text-stone-700" />
      )}
      <ul className="mt-3 flex flex-col gap-2">
        {sessions.data?.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 p-3 text-sm"
            data-testid="session-row"
          >
            <div>
              <p className="font-medium">
                {session.browser || t('security.unknownBrowser')}
                {session.current && (
                  <span className="ml-2 rounded bg-teal-50 px-2 py-0.5 text-xs text-teal-900">
                    {t('security.thisBrowser')}
                  </span>
                )}
              </p>
              <p className="text-stone-600">
                {t('security.signedInOn', { date: dateTime(session.createdAt) })}
                {' · '}
                {t('security.lastSeen', { date: dateTime(session.lastSeenAt) })}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                needsNetwork
                busy={end.isPending && end.variables === session.id}
                onClick={() => end.mutate(session.id, { onError: failed(t('security.endFailed')) })}
                aria-label={t('security.endNamed', {
                  browser: session.browser || t('security.unknownBrowser'),
                })}
                data-testid="end-session"
              >
                {t('security.end')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {hasOthers && (
        <ConfirmDialog
          trigger={
            <Button
              variant="secondary"
              needsNetwork
              busy={others.isPending}
              className="mt-3"
              data-testid="sign-out-others"
            >
              {t('security.signOutOthers')}
            </Button>
          }
          title={t('security.signOutOthersTitle')}
          body={t('security.signOutOthersBody')}
          confirmLabel={t('security.signOutOthers')}
          onConfirm={() =>
            others.mutate(undefined, {
              onSuccess: ({ ended }) => toast({ title: t('security.signedOutOthers', { count: ended }) }),
              onError: failed(t('security.endFailed')),
            })
          }
        />
      )}
    </div>
  );
}
