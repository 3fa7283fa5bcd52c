import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FundView } from '@giro/contract/fund';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { funds } from '../src/db/schema';
import {
  connectPayoutAccount,
  DAY,
  fastForward,
  fundOf,
  type Member,
  notificationTypes,
  organizationOf,
} from './support/fund-members';
import { act, activeFund, openWindow } from './support/fund-steps';
import { card } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const version = async (fundId: string) =>
  (await t.database.db.select({ v: funds.version }).from(funds).where(eq(funds.id, fundId)))[0]!.v;

/** The four of a running fund by their place in the drawn order: [recipient, second, third, fourth]. */
async function inOrder(members: Member[], fund: FundView): Promise<Member[]> {
  return fund.order.map((id) => members.find((m) => m.id === id)!);
}

describe('swapping turns over HTTP (api.md, Second wave)', () => {
  it('asked, accepted by the member asked only: places exchanged, drawn order kept, both told', async () => {
    const members = await organizationOf(t, 4);
    const fund = await activeFund(members);
    const [, second, third, fourth] = await inOrder(members, fund);
    const asked = await second!.client.post(`/api/rotating-fund/${fund.id}/swaps`, {
      withMemberId: fourth!.id,
    });
    expect(asked.statusCode).toBe(200);
    const swap = asked.json<{ id: string; fromId: string; toId: string; fund: FundView }>();
    expect(swap).toMatchObject({ fromId: second!.id, toId: fourth!.id });
    expect(swap.fund.swaps).toEqual([
      { id: swap.id, fromId: second!.id, toId: fourth!.id, at: expect.any(String) },
    ]);
    await t.flushOutbox();
    expect(await notificationTypes(fourth!)).toContain('swap_requested');

    // Someone else cannot answer it, in the caller's language, and nothing is written.
    const before = await version(fund.id);
    third!.client.language = 'it';
    const wrong = await third!.client.post(`/api/rotating-fund/${fund.id}/swaps/${swap.id}/accept`);
    expect({ status: wrong.statusCode, message: wrong.json().message }).toEqual({
      status: 403,
      message:
        "Solo il membro a cui è stato chiesto lo scambio può rispondere, e solo chi l'ha chiesto può ritirarlo.",
    });
    const own = await second!.client.post(`/api/rotating-fund/${fund.id}/swaps/${swap.id}/accept`);
    expect(own.statusCode).toBe(403);
    expect(await version(fund.id)).toBe(before);

    const accepted = await fourth!.client.post(`/api/rotating-fund/${fund.id}/swaps/${swap.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const after = accepted.json<FundView>();
    expect(after.order).toEqual([fund.order[0], fourth!.id, third!.id, second!.id]);
    expect(after.drawnOrder).toEqual(fund.order);
    expect(after.swaps).toEqual([]);
    expect(after.swapHistory).toMatchObject([{ id: swap.id, fromId: second!.id, toId: fourth!.id }]);
    expect(after.nextRecipientId).toBe(fourth!.id);
    await t.flushOutbox();
    expect(await notificationTypes(second!)).toContain('swap_accepted');
    // The call to answer is closed once answered.
    expect(await notificationTypes(fourth!)).not.toContain('swap_requested');
    expect(await notificationTypes(fourth!)).toContain('swap_accepted');
  });

  it('refused for the current recipient and for oneself; one open request per pair; replays answer the same request', async () => {
    const members = await organizationOf(t, 4);
    const fund = await activeFund(members);
    const [recipient, second, third] = await inOrder(members, fund);
    const path = `/api/rotating-fund/${fund.id}/swaps`;
    const before = await version(fund.id);
    second!.client.language = 'it';
    const withRecipient = await second!.client.post(path, { withMemberId: recipient!.id });
    expect({ status: withRecipient.statusCode, message: withRecipient.json().message }).toEqual({
      status: 409,
      message:
        'Questo turno non si può scambiare: solo tra membri che non hanno ancora ricevuto, e non con chi riceve ora.',
    });
    expect((await recipient!.client.post(path, { withMemberId: third!.id })).statusCode).toBe(409);
    expect((await second!.client.post(path, { withMemberId: second!.id })).statusCode).toBe(409);
    expect((await second!.client.post(path, {})).statusCode).toBe(400);
    expect((await second!.client.post(`${path}/not-a-uuid/accept`)).statusCode).toBe(400);
    expect(await version(fund.id)).toBe(before);

    const headers = { 'idempotency-key': 'swap-key-0001' };
    const first = await second!.client.post(path, { withMemberId: third!.id }, { headers });
    const replay = await second!.client.post(path, { withMemberId: third!.id }, { headers });
    expect(replay.json().id).toBe(first.json().id);
    expect((await fundOf(second!)).swaps).toHaveLength(1);
    const again = await third!.client.post(path, { withMemberId: second!.id });
    expect({ status: again.statusCode, code: again.json().code }).toEqual({
      status: 409,
      code: 'SWAP_ALREADY_OPEN',
    });
  });

  it('declined by the member asked, withdrawn by the asker; an answered request is gone', async () => {
    const members = await organizationOf(t, 4);
    const fund = await activeFund(members);
    const [, second, third, fourth] = await inOrder(members, fund);
    const path = `/api/rotating-fund/${fund.id}/swaps`;
    const one = (await second!.client.post(path, { withMemberId: third!.id })).json<{ id: string }>();
    const declined = await third!.client.post(`${path}/${one.id}/decline`);
    expect(declined.json<FundView>().swaps).toEqual([]);
    await t.flushOutbox();
    expect(await notificationTypes(second!)).toContain('swap_declined');

    const two = (await second!.client.post(path, { withMemberId: fourth!.id })).json<{ id: string }>();
    expect((await fourth!.client.request('DELETE', `${path}/${two.id}`)).statusCode).toBe(403);
    const withdrawn = await second!.client.request('DELETE', `${path}/${two.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<FundView>().order).toEqual(fund.order);
    const late = await fourth!.client.post(`${path}/${two.id}/accept`);
    expect({ status: late.statusCode, code: late.json().code }).toEqual({
      status: 404,
      code: 'SWAP_NOT_FOUND',
    });
    await t.flushOutbox();
    expect(await notificationTypes(fourth!)).not.toContain('swap_requested');
  });

  it('left unanswered until the asker’s turn begins: it lapses, and both are told', async () => {
    const members = await organizationOf(t, 4);
    const fund = await activeFund(members);
    const [recipient, second, third, fourth] = await inOrder(members, fund);
    const path = `/api/rotating-fund/${fund.id}/swaps`;
    expect((await second!.client.post(path, { withMemberId: fourth!.id })).statusCode).toBe(200);
    // The first round is paid out: the second member's turn begins, with the request unanswered.
    await connectPayoutAccount(recipient!);
    await openWindow(recipient!);
    for (const m of [second!, third!, fourth!]) await act(m, 'contributions', card());
    await act(recipient!, 'withdraw');
    await t.flushOutbox();
    expect((await fundOf(second!)).swaps).toEqual([]);
    expect(await notificationTypes(second!)).toContain('swap_lapsed');
    expect(await notificationTypes(second!)).not.toContain('swap_lapsed_asked');
    // The one asked saw their call to answer go: they are told why, in their language.
    expect(await notificationTypes(fourth!)).not.toContain('swap_requested');
    fourth!.client.language = 'it';
    const told = (await fourth!.client.get('/api/user-notifications')).json<{
      notifications: { type: string; title: string; body: string }[];
    }>().notifications;
    expect(told.find((n) => n.type === 'swap_lapsed_asked')).toMatchObject({
      title: 'Richiesta di scambio decaduta',
      body: expect.stringContaining('di scambiare il turno con te è decaduta prima della tua risposta'),
    });
  });

  it('lapsed because the one asked was expelled: the asker is told, the one expelled hears no more of it', async () => {
    const members = await organizationOf(t, 4);
    const fund = await activeFund(members);
    const [recipient, second, third, fourth] = await inOrder(members, fund);
    const path = `/api/rotating-fund/${fund.id}/swaps`;
    expect((await second!.client.post(path, { withMemberId: fourth!.id })).statusCode).toBe(200);
    await openWindow(recipient!);
    for (const m of [second!, third!]) await act(m, 'contributions', card());
    await fastForward(recipient!, 7 * DAY);
    const vote = (await fundOf(recipient!)).round!.emergencies.find((v) => v.memberId === fourth!.id)!;
    for (const voter of [recipient!, second!, third!])
      await act(voter, `emergency-votes/${vote.id}`, { choice: 'expel' });
    expect((await fourth!.client.get('/api/family')).statusCode).toBe(404);
    expect((await fundOf(second!)).swaps).toEqual([]);
    expect(await notificationTypes(second!)).toContain('swap_lapsed');
    expect(await notificationTypes(fourth!)).not.toContain('swap_lapsed_asked');
  });

  it('lapsed as a turn began because a member left in the date vote: the one who left hears no more of it', async () => {
    const members = await organizationOf(t, 3);
    await members[0]!.client.post('/api/rotating-fund');
    for (const m of members) await act(m, 'votes/amount', { amountCents: 5000 });
    for (const m of members) await act(m, 'votes/confirmation', { accept: true });
    const { order } = await fundOf(members[0]!);
    const [first, leaver, third] = order.map((id) => members.find((m) => m.id === id)!) as [
      Member,
      Member,
      Member,
    ];
    const path = `/api/rotating-fund/${(await fundOf(first)).id}/swaps`;
    expect((await leaver.client.post(path, { withMemberId: first.id })).statusCode).toBe(200);
    for (const m of [first, third]) await act(m, 'votes/withdrawal-date', { option: '14d' });
    // Only the leaver's date vote was missing: leaving closes it, and the first turn begins.
    expect((await leaver.client.post('/api/family/leave')).statusCode).toBe(200);
    const fund = await fundOf(first);
    expect({ phase: fund.phase, swaps: fund.swaps }).toEqual({ phase: 'collecting', swaps: [] });
    expect(await notificationTypes(first)).toContain('swap_lapsed_asked');
    expect(await notificationTypes(leaver)).not.toContain('swap_lapsed');
  });

  it('a fund stored before swaps existed is brought up by migration 0016: drawn order = order, no swaps', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await t.database.db.execute(
      sql`update funds set state = state - 'drawnOrder' - 'swaps' - 'swapHistory' where id = ${fund.id}`,
    );
    await t.database.db.execute(sql.raw(readFileSync(join(migrationsFolder, '0016_fund_swaps.sql'), 'utf8')));
    const upgraded = await fundOf(members[0]!);
    expect(upgraded).toMatchObject({ order: fund.order, drawnOrder: fund.order, swaps: [], swapHistory: [] });
  });
});
