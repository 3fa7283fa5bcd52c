import type { Language } from '@giro/contract/errors';
import type { DbOrTx } from '../db/client';
import { mailMessages, outbox } from '../db/schema';
import { effectiveTemplate } from './stored-templates';
import { fillPlaceholders, type MailTemplate } from './templates';

/**
 * Writes the email and its outbox row in the caller's transaction: it is sent after commit
 * by the outbox worker, or not at all if the change rolls back. The text is the admin-edited
 * template when one is stored, else the default.
 */
export async function enqueueMail(
  tx: DbOrTx,
  mail: { to: string; template: MailTemplate; language: Language; vars: Record<string, string> },
  now: Date,
): Promise<void> {
  const stored = await effectiveTemplate(tx, mail.template, mail.language);
  const subject = fillPlaceholders(stored.subject, mail.vars);
  const text = fillPlaceholders(stored.text, mail.vars);
  const [row] = await tx
    .insert(mailMessages)
    .values({
      toAddress: mail.to,
      template: mail.template,
      language: mail.language,
      subject,
      textBody: text,
      createdAt: now,
    })
    .returning({ id: mailMessages.id });
  await tx
    .insert(outbox)
    .values({ topic: 'mail', payload: { mailId: row!.id }, availableAt: now, createdAt: now });
}
