import type { Language } from '@giro/contract/errors';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailTemplates } from '../db/schema';
import { type MailTemplate, mailTemplates } from './templates';

/** A template's text as the sender uses it: the admin-edited one when stored, else the default. */
export async function effectiveTemplate(db: DbOrTx, key: MailTemplate, language: Language) {
  const [stored] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.key, key), eq(emailTemplates.language, language)))
    .limit(1);
  if (stored) return { subject: stored.subject, text: stored.body, updatedAt: stored.updatedAt };
  const fallback = mailTemplates[key][language];
  return { subject: fallback.subject, text: fallback.text, updatedAt: null };
}
