import { useTranslation } from 'react-i18next';
import { ApiLogsView } from '../../features/admin-monitoring/components/api-logs-view';
import { AdminMonitoringFrame } from './admin-monitoring-frame';

export default function AdminApiLogsPage() {
  const { t } = useTranslation();
  return (
    <AdminMonitoringFrame title={t('admin.pages.api-logs')}>
      <ApiLogsView />
    </AdminMonitoringFrame>
  );
}
