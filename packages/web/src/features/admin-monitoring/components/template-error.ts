import { ApiError, errorText } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';

/**
 * A refused template in words: the server's message (its language) plus which field and which
 * placeholder, from the refusal's details `{field, placeholder?, near?}`.
 */
export function templateErrorText(error: unknown): { message: string; field: 'subject' | 'body' | null } {
  const message = errorText(error);
  if (!(error instanceof ApiError) || !error.code?.startsWith('EMAIL_TEMPLATE_'))
    return { message, field: null };
  const details = (error.details ?? {}) as unknown as { field?: string; placeholder?: string; near?: string };
  const field = details.field === 'subject' || details.field === 'body' ? details.field : null;
  const extra = details.placeholder
    ? i18n.t('adminMonitoring.templates.unknownPlaceholder', { placeholder: `{{${details.placeholder}}}` })
    : details.near
      ? i18n.t('adminMonitoring.templates.near', { text: details.near })
      : '';
  return { message: [message, extra].filter(Boolean).join(' '), field };
}
