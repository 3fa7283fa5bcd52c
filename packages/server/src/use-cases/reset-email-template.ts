import type { EmailTemplate, EmailTemplateKey } from '@giro/contract/admin-monitoring';
import type { Language } from '@giro/contract/errors';
import { and, eq } from 'drizzle-orm';
import { emailTemplates } from '../db/schema';
import type { Deps } from '../deps';
import { getEmailTemplate } from './get-email-template';

/** Drops the stored text: the template is the default shipped in the code again. */
export async function resetEmailTemplate(
  deps: Deps,
  key: EmailTemplateKey,
  language: Language,
): Promise<EmailTemplate> {
  await deps.db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.key, key), eq(emailTemplates.language, language)));
  return getEmailTemplate(deps, key, language);
}
