import { type EmailStatus, emailStatusSchema, mailTemplateKeySchema } from '@giro/contract/admin-monitoring';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useEmailTracking } from '../api/monitoring-queries';
import { dateTime } from './format';
import { PagedTable } from './paged-table';
import { cell } from './scroll-table';

const statusStyle: Record<EmailStatus, string> = {
  queued: 'bg-amber-100 text-amber-900',
  sent: 'bg-teal-100 text-teal-900',
  failed: 'bg-red-100 text-red-900',
  withdrawn: 'bg-stone-100 text-stone-800',
};

/** Every email: template, language, masked recipient, status in words, attempts and error. */
export function EmailTrackingView() {
  const { t } = useTranslation();
  const statusId = useId();
  const templateId = useId();
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const [template, setTemplate] = useState('');
  const query = useEmailTracking({ status, template });
  const statusText = (value: EmailStatus) => t(`adminMonitoring.email.status.${value}`);
  return (
    <Card title={t('adminMonitoring.email.title')}>
      <div className="mb-3 grid grid-cols-1 gap-3 sm:max-w-xl sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-stone-800">
            {t('adminMonitoring.filters.status')}
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as EmailStatus | '')}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
          >
            <option value="">{t('adminMonitoring.filters.any')}</option>
            {emailStatusSchema.options.map((value) => (
              <option key={value} value={value}>
                {statusText(value)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={templateId} className="text-sm font-medium text-stone-800">
            {t('adminMonitoring.email.template')}
          </label>
          <select
            id={templateId}
            value={template}
            onChange={(event) => setTemplate(event.target.value)}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
          >
            <option value="">{t('adminMonitoring.filters.any')}</option>
            {mailTemplateKeySchema.options.map((key) => (
              <option key={key} value={key}>
                {t(`adminMonitoring.templates.names.${key}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedTable
        query={query}
        empty={t('adminMonitoring.email.empty')}
        caption={t('adminMonitoring.email.title')}
        head={[
          t('adminMonitoring.email.created'),
          t('adminMonitoring.email.template'),
          t('adminMonitoring.email.recipient'),
          t('adminMonitoring.email.statusLabel'),
          t('adminMonitoring.email.attempts'),
          t('adminMonitoring.email.error'),
        ]}
        row={(item) => (
          <tr key={item.id}>
            <td className={`${cell} whitespace-nowrap tabular-nums`}>{dateTime(item.createdAt)}</td>
            <td className={cell}>
              {t(`adminMonitoring.templates.names.${item.template}`, { defaultValue: item.template })} ·{' '}
              {item.language.toUpperCase()}
              <div className="text-xs text-stone-600">{item.subject}</div>
            </td>
            <td className={`${cell} font-mono text-xs`}>{item.recipient}</td>
            <td className={cell}>
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${statusStyle[item.status]}`}>
                {statusText(item.status)}
              </span>
            </td>
            <td className={`${cell} tabular-nums`}>{item.attempts}</td>
            <td className={`${cell} max-w-xs text-xs break-words text-red-800`}>{item.error ?? ''}</td>
          </tr>
        )}
      />
    </Card>
  );
}
