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
    .where(like(emailTemplates.key, NOTICE_KEY_PATTERN));
  return noticeOverridesFrom(rows);
}

/** The edited texts as rendering looks them up, from their rows (here, or read with other things). */
export function noticeOverridesFrom(
  rows: readonly { key: string; language: string; title: string; body: string }[],
): NoticeOverrides {
  return new Map(
    rows.map((row) => [
      `${row.key.slice('notice_'.length)}/${row.language as Language}`,
      { title: row.title, body: row.body },
    ]),
  );
}

/** Which templates are notification texts: `notice_<type>`. */
export const NOTICE_KEY_PATTERN = 'notice\\_%';
