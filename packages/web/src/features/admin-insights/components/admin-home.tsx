import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { euro } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  useAdminOverview,
  useApiMonitoringFigure,
  useEmailTemplatesFigure,
  useFailedEmailsFigure,
} from '../api/admin-insights';
import { count, percent } from './figures';

type Page = (typeof paths.adminPages)[number];

/**
 * The admin home: one card per admin page with its headline figures, each a link to the page.
 * The monitoring pages' figures come from their own APIs; a card whose figures cannot be read
 * keeps its link and shows none.
 */
export function AdminHome() {
  const { t } = useTranslation();
  const overview = useAdminOverview().data;
  const monitoring = useApiMonitoringFigure().data;
  const failedEmails = useFailedEmailsFigure().data;
  const templates = useEmailTemplatesFigure().data;
  const lastHour = monitoring?.lastHour.reduce((sum, r) => sum + r.count, 0);
  const lastDay = monitoring?.lastDay.reduce((sum, r) => sum + r.count, 0);
  const errorRate =
    monitoring && lastHour
      ? monitoring.lastHour.reduce((sum, r) => sum + r.errorRate * r.count, 0) / lastHour
      : null;
  const figures: Record<Page, [string, string][]> = {
    'invite-tracking': overview
      ? [
          [t('adminInsights.home.inviteVisits'), count(overview.inviteVisits)],
          [t('adminInsights.home.conversionRate'), percent(overview.inviteConversionRate)],
          [t('adminInsights.home.activeTesterInvites'), count(overview.activeTesterInvites)],
        ]
      : [],
    'api-monitoring':
      lastHour === undefined
        ? []
        : [
            [t('adminInsights.home.requestsLastHour'), count(lastHour)],
            [t('adminInsights.home.serverErrorRate'), percent(errorRate)],
          ],
    'api-logs': lastDay === undefined ? [] : [[t('adminInsights.home.requestsLastDay'), count(lastDay)]],
    statistics: overview
      ? [
          [t('adminInsights.home.users'), count(overview.users)],
          [t('adminInsights.home.organizations'), count(overview.organizations)],
          [t('adminInsights.home.moneyMoved'), euro(overview.movedCents)],
          [t('adminInsights.home.fees'), euro(overview.feesCents)],
        ]
      : [],
    'email-tracking': failedEmails
      ? [
          [
            t('adminInsights.home.failedEmails'),
            `${count(failedEmails.items.length)}${failedEmails.nextCursor ? '+' : ''}`,
          ],
        ]
      : [],
    'fund-metrics': overview
      ? [
          [t('adminInsights.home.runningFunds'), count(overview.runningFunds)],
          [t('adminInsights.home.onTimeRate'), percent(overview.onTimeRate)],
          [t('adminInsights.home.payoutFailures'), count(overview.payoutFailures)],
        ]
      : [],
    'email-templates': templates
      ? [[t('adminInsights.home.customizedTemplates'), count(templates.filter((x) => x.isCustomized).length)]]
      : [],
  };
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="admin-home">
      {paths.adminPages.map((page) => (
        <li key={page}>
          <Link
            href={`/admin/${page}`}
            className="block h-full rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-teal-600"
            data-testid={`admin-card-${page}`}
          >
            <h2 className="font-semibold text-teal-900">{t(`admin.pages.${page}`)}</h2>
            {figures[page].length > 0 && (
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                {figures[page].map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-stone-600">{label}</dt>
                    <dd className="text-lg font-bold tabular-nums text-stone-900">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
