import type { EmailTemplateKey } from '@giro/contract/admin-monitoring';
import type { Language } from '@giro/contract/errors';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailTemplates } from '../db/schema';
import { defaultText } from './editable-texts';

/** A template's text as the sender uses it: the admin-edited one when stored, else the default. */
export async function effectiveTemplate(db: DbOrTx, key: EmailTemplateKey, language: Language) {
  const [stored] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.key, key), eq(emailTemplates.language, language)))
    .limit(1);
  if (stored) return { subject: stored.subject, text: stored.body, updatedAt: stored.updatedAt };
  const fallback = defaultText(key, language);
  return { subject: fallback.subject, text: fallback.text, updatedAt: null };
}
