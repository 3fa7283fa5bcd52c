import type { EmailStatus, EmailTrackingPage, EmailTrackingQuery } from '@giro/contract/admin-monitoring';
import { listMailWithDelivery } from '../db/mail-tracking.queries';
import type { Deps } from '../deps';
import { maskEmail, maskEmailsIn } from '../mail/mask-email';
import { decodeCursor, encodeCursor } from './page-cursor';

/**
 * Every email with its delivery state: sent once the mailer took it (the development mailbox
 * counts), failed while its last attempt failed (the outbox retries it with backoff), withdrawn
 * when the call to act it carried was answered before it left (quiet hours), queued
 * otherwise. Recipients and any address in an error are masked.
 */
export async function listTrackedEmails(deps: Deps, query: EmailTrackingQuery): Promise<EmailTrackingPage> {
  const after = decodeCursor(query.cursor);
  const rows = await listMailWithDelivery(deps.db, query, after && { at: after.at, id: String(after.id) });
  const items = rows.slice(0, query.limit).map((row) => {
    const status: EmailStatus = row.sentAt
      ? 'sent'
      : row.withdrawn
        ? 'withdrawn'
        : row.lastError
          ? 'failed'
          : 'queued';
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      template: row.template,
      language: row.language,
      recipient: maskEmail(row.toAddress),
      subject: row.subject,
      status,
      sentAt: row.sentAt?.toISOString() ?? null,
      attempts: row.attempts,
      error: status === 'sent' || !row.lastError ? null : maskEmailsIn(row.lastError),
    };
  });
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}
