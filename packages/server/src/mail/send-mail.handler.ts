import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema';
import type { OutboxHandler } from '../jobs/outbox-worker';
import type { Mailer } from './mailer';

/** Outbox topic `mail`: sends the stored message once and marks it sent. */
export function sendMailHandler(db: Db, mailer: Mailer, clock: Clock): OutboxHandler {
  return async (row) => {
    const { mailId } = row.payload as { mailId: string };
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.id, mailId)).limit(1);
    if (!mail || mail.sentAt) return;
    await mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.textBody });
    await db
      .update(mailMessages)
      .set({ status: mailer.kind === 'smtp' ? 'sent' : 'stored', sentAt: clock.now() })
      .where(eq(mailMessages.id, mailId));
  };
}
