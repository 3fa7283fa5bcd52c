import { notificationTypes } from '@giro/contract/notifications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register } from './support/client';
import { organizationOf } from './support/fund-members';
import { activeFund, recipientOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('notification preferences (issue 14)', () => {
  it('every type with its defaults: due payments on every channel, the rest in the app and by push', async () => {
    const [member] = await organizationOf(t, 1);
    const prefs = (await member!.client.get('/api/notification-preferences')).json();
    expect(Object.keys(prefs.types).sort()).toEqual([...notificationTypes].sort());
    expect(prefs.types.contribution_due_2h).toEqual({ inApp: true, push: true, email: true });
    expect(prefs.types.your_turn).toEqual({ inApp: true, push: true, email: false });
    expect(prefs).toMatchObject({
      quietHours: null,
      timeZone: 'Europe/Rome',
      weeklySummary: false,
      pushBrowsers: 0,
    });
  });

  it('a change touches only what it names, and stays', async () => {
    const [member] = await organizationOf(t, 1);
    const c = member!.client;
    await c.put('/api/notification-preferences', { types: { your_turn: { email: true } } });
    await c.put('/api/notification-preferences', {
      types: { your_turn: { push: false } },
      quietHours: { from: '22:30', to: '07:00' },
      weeklySummary: true,
    });
    const prefs = (await c.get('/api/notification-preferences')).json();
    expect(prefs.types.your_turn).toEqual({ inApp: true, push: false, email: true });
    expect(prefs.types.fund_activated).toEqual({ inApp: true, push: true, email: false });
    expect(prefs).toMatchObject({ quietHours: { from: '22:30', to: '07:00' }, weeklySummary: true });
    await c.put('/api/notification-preferences', { quietHours: null });
    expect((await c.get('/api/notification-preferences')).json().quietHours).toBeNull();
  });

  it('bad input is a 400 in the member’s language and changes nothing', async () => {
    const [member] = await organizationOf(t, 1);
    const c = member!.client;
    c.language = 'it';
    for (const body of [
      { types: { no_such_type: { push: false } } },
      { types: { your_turn: { push: 'no' } } },
      { types: { your_turn: { sms: true } } },
      { quietHours: { from: '25:00', to: '07:00' } },
      { timeZone: 'Mars/Olympus' },
      { weeklySummary: 'yes' },
    ]) {
      const answer = await c.put('/api/notification-preferences', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Controlla i dati inseriti e riprova.',
      });
    }
    const prefs = (await c.get('/api/notification-preferences')).json();
    expect(prefs.types.your_turn).toEqual({ inApp: true, push: true, email: false });
    expect(prefs.timeZone).toBe('Europe/Rome');
  });

  it('needs a signed-in member', async () => {
    const { client } = await register(t.app);
    await client.post('/api/logout');
    expect((await client.get('/api/notification-preferences')).statusCode).toBe(401);
    expect((await client.get('/api/calendar-feed')).statusCode).toBe(401);
  });
});

describe('the calendar feed (issue 14)', () => {
  it('is valid iCalendar with the current round’s window and withdrawal date, and rotates', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const member = members.find((m) => m.id !== fund.round!.recipientId)!;
    const { url } = (await member.client.get('/api/calendar-feed')).json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/giro\.test\/api\/calendar-feed\/[\w-]+\/[\w-]+\.ics$/);
    const path = url.replace('http://giro.test', '');

    // Read as a calendar app would: no session.
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = feed.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(text).toContain('VERSION:2.0');
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const round = fund.round!;
    expect(text).toContain(`DTSTART:${stamp(round.windowOpensAt)}`);
    expect(text).toContain(`DTEND:${stamp(round.withdrawalAt)}`);
    expect(text).toContain(`DTSTART:${stamp(round.withdrawalAt)}`);
    expect(text).toContain(`SUMMARY:Contributo al fondo di ${recipientOf(members, fund).name}`);
    // Every event of every planned round, each with a UID.
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2 * 3);
    expect(text.match(/UID:/g)).toHaveLength(2 * 3);

    const rotated = (await member.client.post('/api/calendar-feed/rotate')).json<{ url: string }>();
    expect(rotated.url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: rotated.url.replace('http://giro.test', '') })).statusCode,
    ).toBe(200);
    expect((await member.client.get('/api/calendar-feed')).json().url).toBe(rotated.url);
  });

  it('gives a member who joined after the vote the withdrawal dates, and no window to contribute in', async () => {
    const members = await organizationOf(t, 3);
    await activeFund(members);
    const { inviteCode } = (await members[0]!.client.get('/api/family')).json<{ inviteCode: string }>();
    const { client: late } = await register(t.app, { inviteCode });
    const { url } = (await late.get('/api/calendar-feed')).json<{ url: string }>();
    const text = (await t.app.inject({ method: 'GET', url: url.replace('http://giro.test', '') })).body;
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(text).toContain('SUMMARY:Prelievo del fondo:');
    expect(text).not.toContain('Contributo al fondo');
  });

  it('a made-up or another member’s address is 404', async () => {
    const [a, b] = await organizationOf(t, 2);
    const { url } = (await a!.client.get('/api/calendar-feed')).json<{ url: string }>();
    const signature = url.split('/').at(-1)!;
    for (const path of [
      `/api/calendar-feed/${b!.id}/${signature}`,
      `/api/calendar-feed/${a!.id}/AAAA.ics`,
      `/api/calendar-feed/${a!.id}/${'x'.repeat(43)}.ics`,
    ])
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/calendar-feed/not-a-uuid/x.ics' })).statusCode,
    ).toBe(400);
  });
});
