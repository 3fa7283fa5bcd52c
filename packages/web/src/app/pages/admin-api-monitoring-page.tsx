import { useTranslation } from 'react-i18next';
import { ApiMonitoringView } from '../../features/admin-monitoring/components/api-monitoring-view';
import { AdminMonitoringFrame } from './admin-monitoring-frame';

export default function AdminApiMonitoringPage() {
  const { t } = useTranslation();
  return (
    <AdminMonitoringFrame title={t('admin.pages.api-monitoring')}>
      <ApiMonitoringView />
    </AdminMonitoringFrame>
  );
}
