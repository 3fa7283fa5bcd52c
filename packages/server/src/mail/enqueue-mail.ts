import { randomUUID } from 'node:crypto';
import type { Language } from '@giro/contract/errors';
import type { DbOrTx } from '../db/client';
import { mailMessages, outbox } from '../db/schema';
import type { HeldCall } from '../notifications/held-call';
import { effectiveTemplate } from './stored-templates';
import { fillPlaceholders, type MailTemplate } from './templates';

export interface NewMail {
  to: string;
  template: MailTemplate;
  language: Language;
  vars: Record<string, string>;
  /** When it may go, if later than now (a member's quiet hours). */
  availableAt?: Date;
  /** The fund's call to act it is (notifications/held-call.ts): withdrawn if answered before it leaves. */
  call?: HeldCall | undefined;
}

/**
 * Writes the email and its outbox row in the caller's transaction: it is sent after commit
 * by the outbox worker, or not at all if the change rolls back. The text is the admin-edited
 * template when one is stored, else the default.
 */
export function enqueueMail(tx: DbOrTx, mail: NewMail, now: Date): Promise<void> {
  return enqueueMails(tx, [mail], now);
}

/** Many emails in three statements whatever their number (a reminder to a thousand funds). */
export async function enqueueMails(tx: DbOrTx, mails: readonly NewMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  const templates = new Map<string, { subject: string; text: string }>();
  for (const { template, language } of mails) {
    const key = `${template}:${language}`;
    if (!templates.has(key)) templates.set(key, await effectiveTemplate(tx, template, language));
  }
  // Ids made here, so each outbox row is paired with its email without relying on RETURNING's order.
  const ids = mails.map(() => randomUUID());
  await tx.insert(mailMessages).values(
    mails.map((mail, i) => {
      const stored = templates.get(`${mail.template}:${mail.language}`)!;
      return {
        id: ids[i]!,
        toAddress: mail.to,
        template: mail.template,
        language: mail.language,
        subject: fillPlaceholders(stored.subject, mail.vars),
        textBody: fillPlaceholders(stored.text, mail.vars),
        createdAt: now,
      };
    }),
  );
  await tx.insert(outbox).values(
    ids.map((id, i) => ({
      topic: 'mail',
      payload: mails[i]!.call ? { mailId: id, call: mails[i]!.call } : { mailId: id },
      availableAt: mails[i]!.availableAt ?? now,
      createdAt: now,
    })),
  );
}
