import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneSentReminders } from '../src/db/reminder.queries';
import { funds, sentReminders, users } from '../src/db/schema';
import { listTrackedEmails } from '../src/use-cases/list-tracked-emails';
import {
  connectPayoutAccount,
  DAY,
  fastForward,
  fundOf,
  HOUR,
  type Member,
  organizationOf,
} from './support/fund-members';
import { act, activeFund, openRoundOf, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { startPushReceiver } from './support/push-receiver';
import { card } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
const config = () => ({
  push: { vapidKeys: undefined, subject: 'mailto:ops@giro.test', extraOrigins: [receiver.origin] },
});

beforeEach(async () => {
  receiver = await startPushReceiver();
  t = await createTestApp(config());
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

const WINDOW_OPEN = 'È ora di contribuire';
const TWO_HOURS = 'Mancano 2 ore per contribuire';
const DAY_LEFT = 'Mancano 24 ore per contribuire';

/** Each member's browser is its own path on the local push service. */
const pathOf = (member: Member) => `/push/${member.id}`;
const subscribe = async (member: Member) => {
  const answer = await member.client.post('/api/push/subscriptions', receiver.subscription(pathOf(member)));
  expect(answer.statusCode).toBe(200);
};
/** The pushes with this title, by browser path. */
const pushesTitled = (title: string) =>
  receiver.received.filter((p) => (p.payload as { title?: string }).title === title).map((p) => p.path);
const emailOf = async (member: Member) =>
  (await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, member.id)))[0]!.email;

async function sendEverything() {
  await t.flushOutbox();
  await t.flushOutbox();
}

describe('contribution reminders by push (issue 14)', () => {
  it('the window opening sends one signed, encrypted push to each payer, none to the recipient, none twice across a restart', async () => {
    const members = await organizationOf(t, 3);
    for (const m of members) await subscribe(m);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    const payers = payersOf(members, fund);
    await sendEverything();
    expect(pushesTitled(WINDOW_OPEN)).toEqual([]);

    await openWindow(members[0]!);
    await sendEverything();
    expect(pushesTitled(WINDOW_OPEN).sort()).toEqual(payers.map(pathOf).sort());
    expect(pushesTitled(WINDOW_OPEN)).not.toContain(pathOf(recipient));
    const push = receiver.received.find(
      (p) => p.path === pathOf(payers[0]!) && (p.payload as { title?: string }).title === WINDOW_OPEN,
    )!;
    expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.payload).toMatchObject({ url: '/' });
    expect((push.payload as { body: string }).body).toContain(recipient.name);
    // The in-app panel has it too.
    payers[0]!.client.language = 'it';
    const panel = (await payers[0]!.client.get('/api/user-notifications')).json<{
      notifications: { title: string }[];
    }>();
    expect(panel.notifications.map((n) => n.title)).toContain(WINDOW_OPEN);

    // A restart, then a worker that lost track of what it gave (as a second instance with a
    // stale view would): the reminder's key still stops it.
    await t.stop();
    t = await createTestApp(config(), { database: t.database, clock: t.clock });
    await t.deps.db
      .update(funds)
      .set({ remindersThrough: null, nextReminderAt: sql`now() - interval '1 day'` });
    await t.deadlines.drain();
    await sendEverything();
    expect(pushesTitled(WINDOW_OPEN)).toHaveLength(payers.length);
  });

  it('2 h before the close a paid member gets nothing and an unpaid one is told, urgently', async () => {
    const members = await organizationOf(t, 3);
    for (const m of members) await subscribe(m);
    const fund = await activeFund(members);
    const [paid, unpaid] = payersOf(members, fund) as [Member, Member];
    await openWindow(members[0]!);
    await act(paid, 'contributions', { method: 'manual' });
    // From the window's opening (7 days before the close) to 2 hours before it.
    await fastForward(members[0]!, 7 * DAY - 2 * HOUR);
    await sendEverything();
    expect(pushesTitled(TWO_HOURS)).toEqual([pathOf(unpaid)]);
    // The 24 h mark passed in the same jump: only the latest reminder is given.
    expect(pushesTitled(DAY_LEFT)).toEqual([]);
    const push = receiver.received.find((p) => (p.payload as { title?: string }).title === TWO_HOURS)!;
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.ttl).toBe('7200');
    expect(push.payload).toMatchObject({
      url: '/',
      lang: 'it',
      tag: expect.stringMatching(/^contribution:/),
    });
    expect((push.payload as { body: string }).body).toBe(
      `${paid.name} ha pagato; il fondo di ${recipientOf(members, fund).name} ti aspetta — mancano 2 ore.`.replace(
        /^./,
        (c) => c.toUpperCase(),
      ),
    );
  });

  it('a type turned off stays silent on that channel, and the others still hear it', async () => {
    const members = await organizationOf(t, 3);
    for (const m of members) await subscribe(m);
    const fund = await activeFund(members);
    const [quiet, other] = payersOf(members, fund) as [Member, Member];
    const answer = await quiet.client.put('/api/notification-preferences', {
      types: { contribution_window_open: { push: false, inApp: false } },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().types.contribution_window_open).toEqual({ inApp: false, push: false, email: true });
    await openWindow(members[0]!);
    await sendEverything();
    expect(pushesTitled(WINDOW_OPEN)).toEqual([pathOf(other)]);
    quiet.client.language = 'it';
    const panel = (await quiet.client.get('/api/user-notifications')).json<{
      notifications: { title: string }[];
    }>();
    expect(panel.notifications.map((n) => n.title)).not.toContain(WINDOW_OPEN);
    // Email was left on: it still arrives.
    expect(t.mailer.sent.filter((m) => m.subject === WINDOW_OPEN).map((m) => m.to)).toContain(
      await emailOf(quiet),
    );
  });
});

describe('a reminder is a call to act: it leaves the alerts once answered', () => {
  it('paying takes "time to contribute" out of the alerts of who paid; who still owes keeps it', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const [paid, unpaid] = payersOf(members, fund) as [Member, Member];
    await openWindow(members[0]!);
    await sendEverything();
    const titles = async (member: Member) => {
      member.client.language = 'it';
      const panel = (await member.client.get('/api/user-notifications')).json<{
        notifications: { title: string }[];
      }>();
      return panel.notifications.map((n) => n.title);
    };
    expect(await titles(paid)).toContain(WINDOW_OPEN);
    expect(await titles(unpaid)).toContain(WINDOW_OPEN);
    await act(paid, 'contributions', { method: 'manual' });
    expect(await titles(paid)).not.toContain(WINDOW_OPEN);
    expect(await titles(unpaid)).toContain(WINDOW_OPEN);
  });
});

describe('calls to act reach members where they are (issue 14)', () => {
  it('the amount vote to every voter, and "you can withdraw" to the recipient once everyone paid', async () => {
    const members = await organizationOf(t, 3);
    for (const m of members) await subscribe(m);
    await members[0]!.client.post('/api/rotating-fund');
    await sendEverything();
    expect(pushesTitled("Vota l'importo mensile").sort()).toEqual(members.map(pathOf).sort());
    for (const m of members) await act(m, 'votes/amount', { amountCents: 5000 });
    await sendEverything();
    expect(pushesTitled("Accetta l'importo")).toHaveLength(3);
    for (const m of members) await act(m, 'votes/confirmation', { accept: true });
    for (const m of members) await act(m, 'votes/withdrawal-date', { option: '14d' });
    const fund = await fundOf(members[0]!);
    await connectPayoutAccount(recipientOf(members, fund));
    await openWindow(members[0]!);
    const card = {
      method: 'card',
      paymentMethodId: 'pm_card_visa',
      billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
    };
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card);
    await sendEverything();
    expect(pushesTitled('Puoi prelevare')).toEqual([pathOf(recipientOf(members, fund))]);
  });
});

describe('email as the fallback (issue 14)', () => {
  it('a due payment reaches by email a member with no push subscription, even with email off', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const [subscribed, unsubscribed] = payersOf(members, fund) as [Member, Member];
    await subscribe(subscribed);
    for (const m of [subscribed, unsubscribed])
      await m.client.put('/api/notification-preferences', {
        types: { contribution_due_24h: { email: false } },
      });
    await openWindow(members[0]!);
    await fastForward(members[0]!, 6 * DAY);
    await sendEverything();
    const mails = t.mailer.sent.filter((m) => m.subject === DAY_LEFT);
    expect(mails.map((m) => m.to)).toEqual([await emailOf(unsubscribed)]);
    expect(mails[0]!.text).toContain('http://giro.test/');
    expect(mails[0]!.text).toContain('http://giro.test/account#notifications');
    expect(pushesTitled(DAY_LEFT)).toEqual([pathOf(subscribed)]);
  });
});

describe('the close in the member’s own time zone', () => {
  it('by email, by push and in the app, named when it is not Rome’s', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const [pushed, mailed] = payersOf(members, fund) as [Member, Member];
    await subscribe(pushed);
    await pushed.client.put('/api/notification-preferences', { timeZone: 'Asia/Tokyo' });
    await mailed.client.put('/api/notification-preferences', { timeZone: 'America/New_York' });
    await openWindow(members[0]!);
    await fastForward(members[0]!, 6 * DAY);
    await sendEverything();
    const address = await emailOf(mailed);
    const mail = t.mailer.sent.find((m) => m.subject === DAY_LEFT && m.to === address);
    expect(mail?.text).toMatch(/La finestra si chiude (il |l')[^ ]* .* GMT-[45]/);
    const push = receiver.received.find((p) => (p.payload as { title?: string }).title === DAY_LEFT);
    expect((push?.payload as { body?: string } | undefined)?.body).toMatch(/GMT\+9/);
    // The alerts list says the same hour as the push; a member who never chose a zone reads Rome's.
    const alert = async (member: Member) => {
      member.client.language = 'it';
      const { notifications } = (await member.client.get('/api/user-notifications')).json<{
        notifications: { title: string; body: string }[];
      }>();
      return notifications.find((n) => n.title === DAY_LEFT)?.body;
    };
    expect(await alert(pushed)).toMatch(/GMT\+9/);
    expect(await alert(pushed)).toBe((push!.payload as { body?: string }).body);
    await mailed.client.put('/api/notification-preferences', { timeZone: 'Europe/Rome' });
    expect(await alert(mailed)).toMatch(/La finestra si chiude (il |l')[^G]*$/);
  });
});

describe('quiet hours (issue 14)', () => {
  it('hold a non-urgent push until they end, then it goes', async () => {
    const members = await organizationOf(t, 3);
    for (const m of members) await subscribe(m);
    const fund = await activeFund(members);
    const payer = payersOf(members, fund)[0]!;
    // Quiet from half an hour before the window opens to an hour after (UTC wall clock).
    const opensAt = new Date(t.clock.now().getTime() + (7 * DAY + 1) * 60_000);
    const clock = (offsetMinutes: number) =>
      new Date(opensAt.getTime() + offsetMinutes * 60_000).toISOString().slice(11, 16);
    const hours = await payer.client.put('/api/notification-preferences', {
      quietHours: { from: clock(-30), to: clock(60) },
      timeZone: 'UTC',
    });
    expect(hours.json()).toMatchObject({ quietHours: { from: clock(-30), to: clock(60) }, timeZone: 'UTC' });
    await openWindow(members[0]!);
    await sendEverything();
    expect(pushesTitled(WINDOW_OPEN)).not.toContain(pathOf(payer));
    expect(pushesTitled(WINDOW_OPEN)).toHaveLength(1); // the other payer
    await fastForward(members[0]!, 2 * HOUR);
    await sendEverything();
    expect(pushesTitled(WINDOW_OPEN)).toContain(pathOf(payer));
  });

  it('a held call to act that is answered before morning never leaves: paying at night withdraws "time to contribute"', async () => {
    const members = await organizationOf(t, 3);
    for (const m of members) await subscribe(m);
    const fund = await activeFund(members);
    const [payer, other] = payersOf(members, fund) as [Member, Member];
    const opensAt = new Date(t.clock.now().getTime() + (7 * DAY + 1) * 60_000);
    const clock = (offsetMinutes: number) =>
      new Date(opensAt.getTime() + offsetMinutes * 60_000).toISOString().slice(11, 16);
    for (const member of [payer, other]) {
      const hours = await member.client.put('/api/notification-preferences', {
        quietHours: { from: clock(-30), to: clock(60) },
        timeZone: 'UTC',
      });
      expect(hours.statusCode).toBe(200);
    }
    await openWindow(members[0]!);
    await sendEverything();
    expect(pushesTitled(WINDOW_OPEN)).toEqual([]);
    // The payer pays during their quiet hours; the other does not.
    await act(payer, 'contributions', { method: 'manual' });
    await fastForward(members[0]!, 2 * HOUR);
    await sendEverything();
    expect(pushesTitled(WINDOW_OPEN)).toEqual([pathOf(other)]);
    const mailedTo = t.mailer.sent.filter((m) => m.subject === WINDOW_OPEN).map((m) => m.to);
    expect(mailedTo).toEqual([await emailOf(other)]);
    // The payer's email is on record as withdrawn, not queued for ever.
    const withdrawn = await listTrackedEmails(t.deps, { status: 'withdrawn', limit: 50 });
    expect(withdrawn.items.map((item) => [item.subject, item.status])).toEqual([[WINDOW_OPEN, 'withdrawn']]);
    const queued = await listTrackedEmails(t.deps, { status: 'queued', limit: 50 });
    expect(queued.items.map((item) => item.subject)).not.toContain(WINDOW_OPEN);
  });
});

/** Quiet hours around now, from half an hour ago to an hour from now (UTC): held until then. */
async function quietForAnHour(member: Member) {
  const clock = (offsetMinutes: number) =>
    new Date(t.clock.now().getTime() + offsetMinutes * 60_000).toISOString().slice(11, 16);
  const answer = await member.client.put('/api/notification-preferences', {
    quietHours: { from: clock(-30), to: clock(60) },
    timeZone: 'UTC',
  });
  expect(answer.statusCode).toBe(200);
}

describe('cash to confirm held by quiet hours', () => {
  it('leaves in the morning only for the declarations still waiting, each its own push', async () => {
    const { fund, ordered } = await openRoundOf(t, 3);
    const [recipient, sister, brother] = ordered as [Member, Member, Member];
    await subscribe(recipient);
    await quietForAnHour(recipient);
    await act(sister, 'contributions', { method: 'manual' });
    await act(brother, 'contributions', { method: 'manual' });
    await sendEverything();
    const toConfirm = () =>
      receiver.received
        .map((p) => p.payload as { title?: string; body?: string; tag?: string })
        .filter((p) => p.title === 'Conferma un pagamento a mano');
    expect(toConfirm()).toEqual([]);
    // She answers her sister's at night; her brother's still waits in the morning.
    const { contributions } = (
      await recipient.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
    ).json<{ contributions: { id: string; contributorId: string }[] }>();
    const id = (member: Member) => contributions.find((c) => c.contributorId === member.id)!.id;
    await act(recipient, `contributions/${id(sister)}/confirm-receipt`);
    await fastForward(recipient, 2 * HOUR);
    await sendEverything();
    expect(toConfirm()).toEqual([
      expect.objectContaining({
        body: expect.stringContaining(brother.name),
        tag: `receipt_to_confirm:${id(brother)}`,
      }),
    ]);
  });
});

describe('a call to connect an account held by quiet hours', () => {
  it('does not leave in the morning once the account is active', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    await subscribe(recipient);
    await openWindow(members[0]!);
    await quietForAnHour(recipient);
    // Every payer pays at night: the round is ready, and its recipient has no account.
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
    await sendEverything();
    expect((await fundOf(recipient)).round?.recipientTimeoutAt).not.toBeNull();
    const asked = () => pushesTitled('Collega un conto per i pagamenti');
    expect(asked()).toEqual([]);
    // She connects one before morning: the held push is withdrawn, not sent.
    await connectPayoutAccount(recipient);
    await fastForward(recipient, 2 * HOUR);
    await sendEverything();
    expect(asked()).toEqual([]);
  });
});

describe('reminder keys are kept as long as they guard something', () => {
  it('keys older than 90 days go; recent ones stay', async () => {
    const [member] = await organizationOf(t, 1);
    const now = t.clock.now();
    await t.deps.db.insert(sentReminders).values([
      {
        userId: member!.id,
        occasion: 'contribution_due_2h',
        subject: 'old',
        createdAt: new Date(now.getTime() - 91 * 86_400_000),
      },
      {
        userId: member!.id,
        occasion: 'contribution_due_2h',
        subject: 'recent',
        createdAt: new Date(now.getTime() - 89 * 86_400_000),
      },
    ]);
    await pruneSentReminders(t.deps.db, now);
    const left = await t.deps.db
      .select({ subject: sentReminders.subject })
      .from(sentReminders)
      .where(eq(sentReminders.userId, member!.id));
    expect(left.map((row) => row.subject)).toEqual(['recent']);
  });
});
