import { type EmailTemplate, emailTemplateKeySchema } from '@giro/contract/admin-monitoring';
import type { Deps } from '../deps';
import { getEmailTemplate } from './get-email-template';

/** Every template in every language (three keys × two languages: a handful of reads). */
export async function listEmailTemplates(deps: Deps): Promise<{ items: EmailTemplate[] }> {
  const items: EmailTemplate[] = [];
  for (const key of emailTemplateKeySchema.options)
    for (const language of ['it', 'en'] as const) items.push(await getEmailTemplate(deps, key, language));
  return { items };
}
