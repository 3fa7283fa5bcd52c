import { useTranslation } from 'react-i18next';
import { EmailTemplatesView } from '../../features/admin-monitoring/components/email-templates-view';
import { AdminMonitoringFrame } from './admin-monitoring-frame';

export default function AdminEmailTemplatesPage() {
  const { t } = useTranslation();
  return (
    <AdminMonitoringFrame title={t('admin.pages.email-templates')}>
      <EmailTemplatesView />
    </AdminMonitoringFrame>
  );
}
