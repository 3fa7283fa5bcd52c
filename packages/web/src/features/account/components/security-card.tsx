import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { ACCOUNT_PAGE_STRINGS } from '../../../lib/i18n';
import { EXPORT_URL } from '../api/security';
import { PasskeysCard } from './passkeys-card';
import { SecurityEventsList } from './security-events-list';
import { SessionsList } from './sessions-list';

/**
 * Account → Security (issue 18): passkeys, where the member is signed in, what happened to the
 * account, and their data to take with them (the export, and the statement of features/statistics,
 * whose address the page passes in). Linked from the security emails (`#security`).
 */
export function SecurityCard({ statementUrl }: { statementUrl: string }) {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  // The security emails link here (`/account#security`): the card comes after the page's first
  // paint, so the browser's own jump to the anchor found nothing; this one finds it.
  useEffect(() => {
    if (window.location.hash === '#security') document.getElementById('security')?.scrollIntoView();
  }, []);
  const link =
    'inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-teal-900 ring-1 ring-teal-700 hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600';
  return (
    <Card title={t('security.title')} id="security" data-testid="security-card" className="scroll-mt-4">
      <div className="flex flex-col gap-6">
        <PasskeysCard />
        <SessionsList />
        <SecurityEventsList />
        <div>
          <h3 className="text-base font-semibold">{t('security.yourData')}</h3>
          <p className="mt-1 text-sm text-stone-700">{t('security.yourDataBody')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={EXPORT_URL} download className={link} data-testid="export-data">
              {t('security.export')}
            </a>
            <a href={statementUrl} download="giro-statement.csv" className={link}>
              {t('security.statement')}
            </a>
          </div>
        </div>
      </div>
    </Card>
  );
}
