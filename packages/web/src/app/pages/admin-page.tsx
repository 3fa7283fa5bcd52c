import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/ui/back-link';
import { AdminHome } from '../../features/admin-insights/components/admin-home';
import { AdminsPanel } from '../../features/admin-insights/components/admins-panel';
import { FundMetricsView } from '../../features/admin-insights/components/fund-metrics-view';
import { InviteTrackingView } from '../../features/admin-insights/components/invite-tracking-view';
import { PlatformStatisticsView } from '../../features/admin-insights/components/platform-statistics-view';
import { usePageTitle } from '../../lib/i18n';
import { paths } from '../../lib/paths';

const views: Record<string, () => ReactNode> = {
  'invite-tracking': () => <InviteTrackingView />,
  statistics: () => <PlatformStatisticsView />,
  'fund-metrics': () => <FundMetricsView />,
};

/**
 * The admin home (every page's headline figures, and who the admins are) and the insight pages: invite tracking,
 * statistics, fund metrics. The monitoring pages have pages of their own.
 */
export default function AdminPage({ page }: { page?: string }) {
  const { t } = useTranslation();
  usePageTitle(page ? t(`admin.pages.${page}`) : t('admin.title'));
  const view = page ? views[page] : undefined;
  return (
    <div className="flex flex-col gap-4">
      {page && <BackLink href={paths.admin}>{t('adminInsights.back')}</BackLink>}
      <h1 className="text-2xl font-bold">{page ? t(`admin.pages.${page}`) : t('admin.title')}</h1>
      {!page ? (
        <>
          <AdminHome />
          <AdminsPanel />
        </>
      ) : view ? (
        view()
      ) : (
        <p>{t('common.comingSoon')}</p>
      )}
    </div>
  );
}
