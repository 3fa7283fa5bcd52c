import { useTranslation } from 'react-i18next';
import { dateTime } from '../../../lib/format';
import { ACCOUNT_PAGE_STRINGS } from '../../../lib/i18n';
import { useSecurityEvents } from '../api/security';

/** What happened to the account (issue 18), newest first: each was also emailed. */
export function SecurityEventsList() {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  const events = useSecurityEvents();
  if (!events.data?.length) return null;
  // "?" is the server's mark for a browser it could not name (server/src/use-cases/security-events.ts).
  const named = (detail: Record<string, string>) =>
    detail.browser === '?' ? { ...detail, browser: t('security.unknownBrowserInText') } : detail;
  return (
    <div data-testid="security-events">
      <h3 className="text-base font-semibold">{t('security.events')}</h3>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {events.data.slice(0, 10).map((event) => (
          <li
            key={event.id}
            className="flex flex-wrap justify-between gap-x-3 border-b border-stone-100 py-1"
          >
            <span>{t(`security.event.${event.kind}`, named(event.detail))}</span>
            <time dateTime={event.createdAt} className="text-stone-600">
              {dateTime(event.createdAt)}
            </time>
          </li>
        ))}
      </ul>
    </div>
  );
}
