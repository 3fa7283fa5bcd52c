import type { FundView } from '@giro/contract/fund';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fundEvents } from '../src/db/schema';
import { DeadlineWorker } from '../src/jobs/deadline-worker';
import {
  connectPayoutAccount,
  DAY,
  fastForward,
  fundOf,
  type Member,
  organizationOf,
} from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const alertTypes = async (member: Member) =>
  (await member.client.get('/api/user-notifications'))
    .json()
    .notifications.map((n: { type: string }) => n.type);

describe('fund deadlines are processed by the server', () => {
  it('voting with fewer than 2 voters at its deadline cancels the fund; any member starts again', async () => {
    const [a, b] = await organizationOf(t, 2);
    await a!.client.post('/api/rotating-fund');
    await act(a!, 'votes/amount', { amountCents: 5000 });
    await fastForward(b!, DAY - 1);
    expect((await fundOf(a!)).phase).toBe('voting');
    await fastForward(b!, 2);
    expect(await fundOf(a!)).toMatchObject({ status: 'cancelled', cancelReason: 'not enough participants' });
    expect((await b!.client.post('/api/rotating-fund')).json<FundView>()).toMatchObject({ phase: 'voting' });
  });

  it('a missed contribution opens an emergency vote; skip lets the round go on; strikes and notifications follow', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    const [payer, missing] = payersOf(members, fund) as [Member, Member];
    await openWindow(members[0]!);
    await act(payer, 'contributions', { method: 'manual' });
    // A manual payment counts once the recipient confirms it.
    const paid = (await recipient.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)).json()
      .contributions[0];
    await act(recipient, `contributions/${paid.id}/confirm-receipt`);
    await fastForward(members[0]!, 7 * DAY);
    const voting = await fundOf(recipient);
    const vote = voting.round!.emergencies[0]!;
    expect(vote).toMatchObject({ memberId: missing.id, allowWait: true, memberStrikes: 1 });
    expect(await alertTypes(missing)).toContain('contribution_timeout');
    expect(await alertTypes(payer)).toContain('fallback_vote');
    const votes = (await recipient.client.get(`/api/rotating-fund/${fund.id}/emergency-votes`)).json().votes;
    expect(votes.map((v: { id: string }) => v.id)).toEqual([vote.id]);
    for (const voter of [payer, recipient])
      await act(voter, `emergency-votes/${vote.id}`, { choice: 'skip' });
    const skipped = await fundOf(recipient);
    expect(skipped.round?.skipped).toEqual([missing.id]);
    expect(skipped.strikes[missing.id]).toBe(1);
    expect(await alertTypes(missing)).toContain('contribution_skipped');
    // The vote is over: its call is gone from the voters' alerts; the news stays.
    expect(await alertTypes(payer)).not.toContain('fallback_vote');
    const me = (await missing.client.get('/api/user')).json();
    expect(me.strikes).toBe(1);
    expect((await fundOf(recipient)).phase).toBe('awaiting_withdrawal');
    const risk = (await recipient.client.get(`/api/rotating-fund/${fund.id}/risk`)).json();
    expect(risk.score).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(risk.reasons)).toBe(true);
  });

  it('two deadline workers never process one deadline twice', async () => {
    const organizations: Member[][] = [];
    for (let i = 0; i < 4; i++) {
      const members = await organizationOf(t, 2);
      await members[0]!.client.post('/api/rotating-fund');
      await act(members[0]!, 'votes/amount', { amountCents: 5000 });
      await act(members[1]!, 'votes/amount', { amountCents: 5000 });
      organizations.push(members);
    }
    // Confirmation is due in 24 h: jump the clock without processing, then race two workers.
    t.clock.fastForward(DAY + 1);
    const other = new DeadlineWorker(t.database.db, t.deps, pino({ level: 'silent' }));
    const handled = await Promise.all([t.deadlines.drain(), other.drain()]);
    expect(handled[0] + handled[1]).toBe(4);
    for (const [member] of organizations) {
      const fund = await fundOf(member!);
      expect(fund.status).toBe('active');
      const activations = await t.database.db
        .select()
        .from(fundEvents)
        .where(and(eq(fundEvents.fundId, fund.id), eq(fundEvents.type, 'FundActivated')));
      expect(activations).toHaveLength(1);
    }
  });

  it('a call to act leaves the alerts when it is answered or over; news stays', async () => {
    const members = await organizationOf(t, 3);
    const [first, second, third] = members as [Member, Member, Member];
    await first.client.post('/api/rotating-fund');
    for (const m of members) await act(m, 'votes/amount', { amountCents: 5000 });
    for (const m of members) await act(m, 'votes/confirmation', { accept: true });
    for (const m of members) expect(await alertTypes(m)).toContain('fund_activated');
    // "Vote the withdrawal date": gone for whoever voted, then for everyone once the vote closed.
    await act(first, 'votes/withdrawal-date', { option: '14d' });
    expect(await alertTypes(first)).not.toContain('fund_activated');
    expect(await alertTypes(second)).toContain('fund_activated');
    await act(second, 'votes/withdrawal-date', { option: '14d' });
    await act(third, 'votes/withdrawal-date', { option: '14d' });
    const fund = await fundOf(first);
    expect(fund.phase).toBe('collecting');
    for (const m of members) expect(await alertTypes(m)).not.toContain('fund_activated');
    // "Your turn" stays while the round is the recipient's, and goes when it is paid out.
    const recipient = recipientOf(members, fund);
    expect(await alertTypes(recipient)).toContain('your_turn');
    await connectPayoutAccount(recipient);
    await openWindow(first);
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', { method: 'manual' });
    const declared = (
      await recipient.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
    ).json();
    for (const paid of declared.contributions)
      await act(recipient, `contributions/${paid.id}/confirm-receipt`);
    expect(await alertTypes(recipient)).toContain('your_turn');
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    expect((await fundOf(first)).round?.number).toBe(2);
    expect(await alertTypes(recipient)).not.toContain('your_turn');
  });

  it("the calls one batch of deadlines closes over several funds leave every member's alerts", async () => {
    // Two families whose amount votes close at the same moment: the deadline worker changes both
    // funds in one batch, and the members who did not vote lose the call in both.
    const families = [await organizationOf(t, 3), await organizationOf(t, 3)];
    for (const [first, second] of families) {
      await first!.client.post('/api/rotating-fund');
      for (const voter of [first!, second!]) await act(voter, 'votes/amount', { amountCents: 5000 });
    }
    const silent = families.map((family) => family[2]!);
    for (const member of silent) expect(await alertTypes(member)).toContain('amount_vote_opened');
    await fastForward(families[0]![0]!, DAY + 1);
    for (const family of families) expect((await fundOf(family[0]!)).phase).toBe('confirmation');
    for (const member of silent) expect(await alertTypes(member)).not.toContain('amount_vote_opened');
  });

  it('notifications are listed in the reader language, newest first, and only their owner deletes them', async () => {
    const [a, b] = await organizationOf(t, 2);
    await a!.client.post('/api/rotating-fund');
    for (const m of [a!, b!]) await act(m, 'votes/amount', { amountCents: 5000 });
    await fastForward(a!, DAY + 1); // nobody confirmed: both count as accepted
    a!.client.language = 'it';
    const list = (await a!.client.get('/api/user-notifications')).json();
    type Item = { id: string; type: string; title: string; read: boolean };
    const activated = list.notifications.find((n: Item) => n.type === 'fund_activated');
    expect(activated).toMatchObject({ title: 'Fondo attivo', read: false, link: '/fund' });
    expect(list.notifications.map((n: Item) => n.type)).toContain('confirmation_timeout');
    const id = activated.id as string;
    expect((await b!.client.delete(`/api/user-notifications/${id}`)).statusCode).toBe(404);
    expect((await a!.client.delete(`/api/user-notifications/${id}`)).statusCode).toBe(200);
    expect((await a!.client.get('/api/user-notifications')).json().notifications).toHaveLength(
      list.notifications.length - 1,
    );
    await a!.client.post('/api/user-notifications/read');
    expect((await a!.client.get('/api/user-notifications')).json().unread).toBe(0);
  });

  it('the test clock answers 404 when it is off', async () => {
    const off = await createTestApp({ testClock: false });
    try {
      const [a] = await organizationOf(off, 1);
      expect((await a!.client.post('/api/test/time/fast-forward', { minutes: 5 })).statusCode).toBe(404);
      expect((await a!.client.get('/api/test/time')).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
