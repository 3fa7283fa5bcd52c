import { languageOrDefault } from '@giro/contract/language';
import type { FundState } from '@giro/domain/fund/fund-types';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { membersOfOrganizations } from '../db/fund.repository';
import { claimReminderKeys, reminderKey } from '../db/reminder.queries';
import { funds, notificationPreferences, users } from '../db/schema';
import type { Deps } from '../deps';
import { enqueueMails } from '../mail/enqueue-mail';
import { weeklySummaryText } from '../notifications/weekly-summary-text';

/** Monday, from 09:00 on the member's wall clock: the week's summary is due. */
const SEND_FROM_HOUR = 9;

/** The ISO week ("2026-W48") of a wall-clock date, and whether it is Monday past 09:00 there. */
export function summaryWeek(now: Date, timeZone: string): { week: string; due: boolean } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const local = new Date(Date.UTC(Number(get('year')), Number(get('month')) - 1, Number(get('day'))));
  // ISO 8601: the week with the year's first Thursday is week 1.
  const weekday = (local.getUTCDay() + 6) % 7;
  const thursday = new Date(local.getTime() + (3 - weekday) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000)) + 1;
  return {
    week: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`,
    due: get('weekday') === 'Mon' && Number(get('hour')) >= SEND_FROM_HOUR,
  };
}

/**
 * The optional weekly summary email (issue 14), Monday from 09:00 in each member's time zone:
 * once per member and ISO week, keyed in `sent_reminders` like a reminder, in the caller's
 * transaction. Returns how many were sent.
 */
export async function sendWeeklySummaries(tx: DbOrTx, deps: Pick<Deps, 'clock' | 'config'>): Promise<number> {
  const now = deps.clock.now();
  const wanting = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.displayName,
      language: users.languagePreference,
      organizationId: users.familyId,
      timeZone: notificationPreferences.timeZone,
    })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(
      and(
        eq(notificationPreferences.weeklySummary, true),
        isNull(users.deletedAt),
        isNotNull(users.emailVerifiedAt),
        isNotNull(users.familyId),
      ),
    );
  const due = wanting
    .map((member) => ({ ...member, ...summaryWeek(now, member.timeZone) }))
    .filter((member) => member.due);
  if (due.length === 0) return 0;
  const fresh = await claimReminderKeys(
    tx,
    due.map((m) => ({ userId: m.id, occasion: 'weekly_summary', subject: m.week })),
    now,
  );
  const members = due.filter((m) => fresh.has(reminderKey(m.id, 'weekly_summary', m.week)));
  if (members.length === 0) return 0;
  const organizationIds = [...new Set(members.map((m) => m.organizationId!))];
  const states = new Map(
    (
      await tx
        .select({ organizationId: funds.organizationId, state: funds.state })
        .from(funds)
        .where(inArray(funds.organizationId, organizationIds))
    ).map((row) => [row.organizationId, row.state as FundState]),
  );
  const names = await membersOfOrganizations(tx, organizationIds);
  const { publicUrl } = deps.config;
  await enqueueMails(
    tx,
    members.map((m) => {
      const language = languageOrDefault(m.language);
      const nameOf = new Map((names.get(m.organizationId!) ?? []).map((n) => [n.id, n.displayName]));
      return {
        to: m.email,
        template: 'weekly_summary' as const,
        language,
        vars: {
          name: m.name,
          summary: weeklySummaryText(states.get(m.organizationId!) ?? null, m.id, nameOf, language),
          link: `${publicUrl}/fund`,
          settings: `${publicUrl}/account#notifications`,
        },
      };
    }),
    now,
  );
  return members.length;
}
