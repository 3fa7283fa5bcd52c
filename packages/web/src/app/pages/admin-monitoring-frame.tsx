import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/ui/back-link';
import { usePageTitle } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/** An admin page's heading with the way back to the admin home. */
export function AdminMonitoringFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <div className="flex flex-col gap-4">
      <BackLink href={paths.admin}>{t('adminMonitoring.back')}</BackLink>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
