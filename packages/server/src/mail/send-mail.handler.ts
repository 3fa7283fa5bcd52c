import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema';
import type { OutboxHandler } from '../jobs/outbox-worker';
import { type HeldCall, heldCallStillOpen } from '../notifications/held-call';
import type { Mailer } from './mailer';

/**
 * Outbox topic `mail`: sends the stored message once and marks it sent. A fund's call to act
 * that was answered while the email waited (quiet hours) is marked withdrawn instead.
 */
export function sendMailHandler(db: Db, mailer: Mailer, clock: Clock): OutboxHandler {
  return async (row) => {
    const { mailId, call } = row.payload as { mailId: string; call?: HeldCall };
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.id, mailId)).limit(1);
    if (!mail || mail.sentAt || mail.status === 'withdrawn') return;
    if (call && !(await heldCallStillOpen(db, call))) {
      await db.update(mailMessages).set({ status: 'withdrawn' }).where(eq(mailMessages.id, mailId));
      return;
    }
    await mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.textBody });
    await db
      .update(mailMessages)
      .set({ status: mailer.kind === 'smtp' ? 'sent' : 'stored', sentAt: clock.now() })
      .where(eq(mailMessages.id, mailId));
  };
}
