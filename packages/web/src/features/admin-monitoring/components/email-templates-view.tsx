import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { errorText } from '../../../lib/api-client';
import { ACCOUNT_STRINGS, ADMIN_PAGE_STRINGS } from '../../../lib/i18n';
import { useEmailTemplates } from '../api/email-templates';
import { TemplateEditor } from './template-editor';

/** Every template per language; pick one to edit, preview or reset it. */
export function EmailTemplatesView() {
  // The notices' names are the Account page's (its notification settings list them).
  const { t } = useTranslation([...ADMIN_PAGE_STRINGS, ACCOUNT_STRINGS]);
  const pickerId = useId();
  const query = useEmailTemplates();
  const [selected, setSelected] = useState('verify_email/it');
  if (query.isPending) return <p role="status">{t('adminMonitoring.loading')}</p>;
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  const items = query.data.items;
  const current = items.find((item) => `${item.key}/${item.language}` === selected) ?? items[0];
  // A notification's text is named after its type, as members see it in Account.
  const name = (key: string) =>
    key.startsWith('notice_')
      ? t('adminMonitoring.templates.notice', {
          name: t(`notifications.types.labels.${key.slice('notice_'.length)}`, { defaultValue: key }),
        })
      : t(`adminMonitoring.templates.names.${key}`, { defaultValue: key });
  return (
    <Card title={t('adminMonitoring.templates.title')}>
      <div className="mb-4 flex max-w-md flex-col gap-1">
        <label htmlFor={pickerId} className="text-sm font-medium text-stone-800">
          {t('adminMonitoring.templates.pick')}
        </label>
        <select
          id={pickerId}
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
        >
          {items.map((item) => (
            <option key={`${item.key}/${item.language}`} value={`${item.key}/${item.language}`}>
              {name(item.key)} · {item.language.toUpperCase()}
              {item.isCustomized ? ` · ${t('adminMonitoring.templates.customized')}` : ''}
            </option>
          ))}
        </select>
      </div>
      {current && (
        <TemplateEditor key={`${current.key}/${current.language}/${current.updatedAt}`} template={current} />
      )}
    </Card>
  );
}
