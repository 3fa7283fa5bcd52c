import type { EmailTemplate, EmailTemplateKey } from '@giro/contract/admin-monitoring';
import type { Language } from '@giro/contract/errors';
import type { Deps } from '../deps';
import { placeholdersOf } from '../mail/editable-texts';
import { effectiveTemplate } from '../mail/stored-templates';

/** One template as the sender uses it, and whether an admin has changed it from the default. */
export async function getEmailTemplate(
  deps: Deps,
  key: EmailTemplateKey,
  language: Language,
): Promise<EmailTemplate> {
  const template = await effectiveTemplate(deps.db, key, language);
  return {
    key,
    language,
    subject: template.subject,
    body: template.text,
    placeholders: [...placeholdersOf(key)],
    isCustomized: template.updatedAt !== null,
    updatedAt: template.updatedAt?.toISOString() ?? null,
  };
}
