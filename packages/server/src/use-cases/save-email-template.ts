import type { EmailTemplate, EmailTemplateBody, EmailTemplateKey } from '@giro/contract/admin-monitoring';
import type { Language } from '@giro/contract/errors';
import { emailTemplates } from '../db/schema';
import type { Deps } from '../deps';
import { placeholdersOf } from '../mail/editable-texts';
import { checkTemplate } from '../mail/template-syntax';
import { getEmailTemplate } from './get-email-template';

/** Stores an admin's text for a template and language, once it passes the syntax check. */
export async function saveEmailTemplate(
  deps: Deps,
  adminId: string,
  key: EmailTemplateKey,
  language: Language,
  body: EmailTemplateBody,
): Promise<EmailTemplate> {
  checkTemplate(body, placeholdersOf(key));
  const values = { subject: body.subject, body: body.body, updatedBy: adminId, updatedAt: deps.clock.now() };
  await deps.db
    .insert(emailTemplates)
    .values({ key, language, ...values })
    .onConflictDoUpdate({ target: [emailTemplates.key, emailTemplates.language], set: values });
  return getEmailTemplate(deps, key, language);
}
