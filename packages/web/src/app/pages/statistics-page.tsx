import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/ui/back-link';
import { MemberStatisticsView } from '../../features/statistics/components/member-statistics-view';
import { usePageTitle } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/** The member's statistics page (SPEC §2): their contributions and receipts, and their statement. */
export default function StatisticsPage() {
  const { t } = useTranslation();
  usePageTitle(t('statistics.title'));
  return (
    <div className="flex flex-col gap-4">
      <BackLink href={paths.dashboard}>{t('statistics.back')}</BackLink>
      <h1 className="text-2xl font-bold">{t('statistics.title')}</h1>
      <MemberStatisticsView />
    </div>
  );
}
