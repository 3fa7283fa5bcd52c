import { useTranslation } from 'react-i18next';
import { EmailTrackingView } from '../../features/admin-monitoring/components/email-tracking-view';
import { AdminMonitoringFrame } from './admin-monitoring-frame';

export default function AdminEmailTrackingPage() {
  const { t } = useTranslation();
  return (
    <AdminMonitoringFrame title={t('admin.pages.email-tracking')}>
      <EmailTrackingView />
    </AdminMonitoringFrame>
  );
}
