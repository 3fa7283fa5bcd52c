import type { EmailPreview, EmailTemplate } from '@giro/contract/admin-monitoring';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { useTemplateChange, useTemplatePreview } from '../api/email-templates';
import { templateErrorText } from './template-error';

/** Edit one template's subject and body, preview it with sample data, save, or reset to the default. */
export function TemplateEditor({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation();
  const bodyId = useId();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [problem, setProblem] = useState<ReturnType<typeof templateErrorText> | null>(null);
  const change = useTemplateChange();
  const previewing = useTemplatePreview();
  const ref = { key: template.key, language: template.language };
  const fail = (error: unknown) => {
    setPreview(null);
    setProblem(templateErrorText(error));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    change.mutate(
      { ...ref, body: { subject, body } },
      { onSuccess: () => toast({ title: t('adminMonitoring.templates.saved') }), onError: fail },
    );
  };
  const showPreview = () => {
    setProblem(null);
    previewing.mutate({ ...ref, body: { subject, body } }, { onSuccess: setPreview, onError: fail });
  };
  const reset = () =>
    change.mutate(
      { ...ref, body: null },
      {
        onSuccess: (fresh) => {
          setSubject(fresh.subject);
          setBody(fresh.body);
          setPreview(null);
          setProblem(null);
          toast({ title: t('adminMonitoring.templates.resetDone') });
        },
        onError: fail,
      },
    );

  const placeholders = template.placeholders.map((name) => `{{${name}}}`).join(', ');
  // A notification's text (notice_<type>): its subject is the notification's title.
  const notice = template.key.startsWith('notice_');
  return (
    <form onSubmit={save} className="flex flex-col gap-3">
      <p className="text-sm text-stone-600">
        {t('adminMonitoring.templates.placeholders', { list: placeholders })}
      </p>
      <Field
        label={t(notice ? 'adminMonitoring.templates.title_notice' : 'adminMonitoring.templates.subject')}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        error={problem?.field === 'subject' ? problem.message : undefined}
        maxLength={200}
        required
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={bodyId} className="text-sm font-medium text-stone-800">
          {t('adminMonitoring.templates.body')}
        </label>
        <textarea
          id={bodyId}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={10}
          maxLength={10_000}
          required
          aria-invalid={problem?.field === 'body' ? true : undefined}
          aria-describedby={problem?.field === 'body' ? `${bodyId}-error` : undefined}
          className="rounded-lg border border-stone-300 bg-white p-3 font-mono text-sm aria-invalid:border-red-700"
        />
        {problem?.field === 'body' && (
          <p id={`${bodyId}-error`} role="alert" className="text-sm text-red-800">
            {problem.message}
          </p>
        )}
      </div>
      {problem && problem.field === null && (
        <p role="alert" className="text-sm text-red-800">
          {problem.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={change.isPending}>
          {t('adminMonitoring.templates.save')}
        </Button>
        <Button variant="secondary" onClick={showPreview} disabled={previewing.isPending}>
          {t('adminMonitoring.templates.preview')}
        </Button>
        {template.isCustomized && (
          <ConfirmDialog
            trigger={<Button variant="ghost">{t('adminMonitoring.templates.reset')}</Button>}
            title={t('adminMonitoring.templates.resetTitle')}
            body={t('adminMonitoring.templates.resetBody')}
            confirmLabel={t('adminMonitoring.templates.reset')}
            onConfirm={reset}
          />
        )}
      </div>
      {preview && (
        <section
          aria-label={t('adminMonitoring.templates.previewTitle')}
          className="rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200"
        >
          <h3 className="text-sm font-semibold text-stone-600">
            {t('adminMonitoring.templates.previewTitle')}
          </h3>
          <p className="mt-2 font-semibold">{preview.subject}</p>
          <pre className="mt-2 font-sans text-sm whitespace-pre-wrap break-words">{preview.text}</pre>
        </section>
      )}
    </form>
  );
}
