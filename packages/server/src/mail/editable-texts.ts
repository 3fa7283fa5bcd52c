import type { EmailTemplateKey, NoticeTemplateKey } from '@giro/contract/admin-monitoring';
import type { Language } from '@giro/contract/errors';
import type { NotificationType } from '@giro/contract/notifications';
import { noticePlaceholders, noticeTemplates } from '../notifications/notification-texts';
import { type MailTemplate, mailPlaceholders, mailTemplates } from './templates';

/**
 * The texts an admin may edit (the email templates page): the emails, and each notification
 * type's title and text (`notice_<type>`, issue 14), stored alike in `email_templates` with the
 * title as the subject. Here: each one's default and its placeholders.
 */
export const isNoticeKey = (key: EmailTemplateKey): key is NoticeTemplateKey => key.startsWith('notice_');
export const noticeType = (key: NoticeTemplateKey) => key.slice('notice_'.length) as NotificationType;

export function defaultText(key: EmailTemplateKey, language: Language): { subject: string; text: string } {
  if (isNoticeKey(key)) {
    const { title, body } = noticeTemplates[noticeType(key)][language];
    return { subject: title, text: body };
  }
  return mailTemplates[key as MailTemplate][language];
}

export function placeholdersOf(key: EmailTemplateKey): readonly string[] {
  return isNoticeKey(key) ? noticePlaceholders(noticeType(key)) : mailPlaceholders[key as MailTemplate];
}
