import type { Language } from '@giro/contract/errors';
import { like } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailTemplates } from '../db/schema';
import type { NoticeOverrides } from './notification-texts';

/**
 * The notification texts admins edited (issue 14), read once per batch of notifications or per
 * list: a handful of rows at most, so every render needs no query of its own.
 */
export async function loadNoticeOverrides(db: DbOrTx): Promise<NoticeOverrides> {
  const rows = await db
    .select({
      key: emailTemplates.key,
      language: emailTemplates.language,
      title: emailTemplates.subject,
      body: emailTemplates.body,
    })
    .from(emailTemplates)
    .where(like(emailTemplates.key, 'notice\\_%'));
  return new Map(
    rows.map((row) => [
      `${row.key.slice('notice_'.length)}/${row.language as Language}`,
      { title: row.title, body: row.body },
    ]),
  );
}
