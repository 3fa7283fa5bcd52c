import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { summaryWeek } from '../src/use-cases/send-weekly-summaries';
import { DAY, fastForward, HOUR, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('the week a summary belongs to', () => {
  it('is the ISO week of the member’s wall clock, due from Monday 09:00 there', () => {
    expect(summaryWeek(new Date('2026-01-01T12:00:00Z'), 'UTC').week).toBe('2026-W01');
    expect(summaryWeek(new Date('2027-01-01T12:00:00Z'), 'UTC').week).toBe('2026-W53');
    // Monday 30 November 2026, 08:30 UTC: 09:30 in Rome, not yet 09:00 in London.
    const monday = new Date('2026-11-30T08:30:00Z');
    expect(summaryWeek(monday, 'Europe/Rome')).toEqual({ week: '2026-W49', due: true });
    expect(summaryWeek(monday, 'Europe/London')).toEqual({ week: '2026-W49', due: false });
    // Sunday 23:30 UTC is already Monday 00:30 in Rome: Monday, but before 09:00.
    expect(summaryWeek(new Date('2026-11-29T23:30:00Z'), 'Europe/Rome').due).toBe(false);
  });
});

describe('the weekly summary email (issue 14)', () => {
  const SUBJECT = 'Giro: la tua settimana';
  const emailOf = async (member: Member) =>
    (await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, member.id)))[0]!.email;

  it('goes once a week, Monday morning, to who asked for it: what was paid, what is due, whose turn is next', async () => {
    // From a Tuesday noon (UTC), whatever day the suite runs: begun on a Monday after 09:00, the
    // window's week-long jump below landed on the next Monday's morning and sent a summary early.
    const start = t.clock.now();
    const daysToTuesday = (9 - start.getUTCDay()) % 7 || 7;
    const tuesday = Date.UTC(
      start.getUTCFullYear(),
      start.getUTCMonth(),
      start.getUTCDate() + daysToTuesday,
      12,
    );
    t.clock.fastForward(Math.ceil((tuesday - start.getTime()) / 60_000));
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const [reader, paid] = payersOf(members, fund) as [Member, Member];
    await reader.client.put('/api/notification-preferences', { weeklySummary: true, timeZone: 'UTC' });
    await openWindow(members[0]!);
    await act(paid, 'contributions', { method: 'manual' });
    // To the next Monday, 09:30 UTC.
    const now = t.clock.now();
    const daysToMonday = (8 - now.getUTCDay()) % 7 || 7;
    const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysToMonday, 9, 30);
    await fastForward(members[0]!, Math.ceil((target - now.getTime()) / 60_000));
    await t.flushOutbox();
    const summaries = () => t.mailer.sent.filter((m) => m.subject === SUBJECT);
    expect(summaries().map((m) => m.to)).toEqual([await emailOf(reader)]);
    const text = summaries()[0]!.text;
    expect(text).toContain(`il fondo di ${recipientOf(members, fund).name}`);
    expect(text).toContain(`Hanno pagato: ${paid.name}.`);
    // "entro il 21 …", "entro l'8 …": the article follows the day (contract/italian.ts).
    expect(text).toMatch(/Tu: da pagare entro (il \d|l'(1|8|11) )/);
    expect(text).toContain('http://giro.test/account#notifications');

    // Later that Monday: nothing more. The next Monday: the next week's.
    await fastForward(members[0]!, 3 * HOUR);
    await t.flushOutbox();
    expect(summaries()).toHaveLength(1);
    await fastForward(members[0]!, 7 * DAY);
    await t.flushOutbox();
    expect(summaries()).toHaveLength(2);
  });
});
