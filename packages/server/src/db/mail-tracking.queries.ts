import type { EmailTrackingQuery } from '@giro/contract/admin-monitoring';
import { and, desc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { mailMessages, outbox } from './schema';

const m = mailMessages;

/** Emails newest first with their outbox row (attempts, last error), keyset after `(createdAt, id)`. */
export async function listMailWithDelivery(
  db: Db,
  query: EmailTrackingQuery,
  after: { at: string; id: string } | null,
) {
  const where: SQL[] = [];
  if (query.template) where.push(eq(m.template, query.template));
  if (query.status === 'sent') where.push(isNotNull(m.sentAt));
  const waiting = and(isNull(m.sentAt), ne(m.status, 'withdrawn'));
  if (query.status === 'failed') where.push(and(waiting, isNotNull(outbox.lastError))!);
  if (query.status === 'queued') where.push(and(waiting, isNull(outbox.lastError))!);
  if (query.status === 'withdrawn') where.push(eq(m.status, 'withdrawn'));
  if (after) where.push(sql`(${m.createdAt}, ${m.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  return db
    .select({
      id: m.id,
      createdAt: m.createdAt,
      template: m.template,
      language: m.language,
      toAddress: m.toAddress,
      subject: m.subject,
      sentAt: m.sentAt,
      withdrawn: sql<boolean>`${m.status} = 'withdrawn'`,
      attempts: sql<number>`coalesce(${outbox.attempts}, 0)`.mapWith(Number),
      lastError: outbox.lastError,
    })
    .from(m)
    .leftJoin(outbox, and(eq(outbox.topic, 'mail'), sql`${outbox.payload}->>'mailId' = ${m.id}::text`))
    .where(and(...where))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(query.limit + 1);
}
