import type { FundView } from '@giro/contract/fund';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { funds } from '../src/db/schema';
import { DAY, fastForward, fundOf, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const version = async (fundId: string) =>
  (await t.database.db.select({ v: funds.version }).from(funds).where(eq(funds.id, fundId)))[0]!.v;

/** Sends a command that must be refused: its status, its message in the member's language, and no write. */
async function refused(member: Member, path: string, body: unknown, status: number, message: string) {
  const fund = await fundOf(member);
  const before = await version(fund.id);
  const response = await member.client.post(`/api/rotating-fund/${fund.id}/${path}`, body);
  expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
  expect(await version(fund.id)).toBe(before);
}

describe('the fund refuses wrong state and bad input, in the user language, writing nothing', () => {
  it('votes: twice, out of range, after the deadline; a non-voter cannot confirm', async () => {
    const [a, b, c] = await organizationOf(t, 3);
    await a!.client.post('/api/rotating-fund');
    await act(a!, 'votes/amount', { amountCents: 5000 });
    await refused(a!, 'votes/amount', { amountCents: 6000 }, 409, 'You have already voted for this period');
    const fund = await fundOf(a!);
    const tooSmall = await b!.client.post(`/api/rotating-fund/${fund.id}/votes/amount`, { amountCents: 99 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().code).toBe('VALIDATION_ERROR');
    b!.client.language = 'it';
    await refused(b!, 'votes/amount', { amountCents: 10.5 }, 400, 'Controlla i dati inseriti e riprova.');
    await act(b!, 'votes/amount', { amountCents: 7000 });
    // Voting closes 24 h after it opened: c's vote comes too late, and c is out of the cycle.
    await fastForward(a!, DAY + 1);
    expect(await fundOf(a!)).toMatchObject({ phase: 'confirmation', finalAmountCents: 6000 });
    expect((await fundOf(a!)).participants.sort()).toEqual([a!.id, b!.id].sort());
    c!.client.language = 'en';
    await refused(
      c!,
      'votes/amount',
      { amountCents: 5000 },
      409,
      'This is not possible in the current phase of the fund.',
    );
    await refused(c!, 'votes/confirmation', { accept: true }, 403, 'You are not an authorized participant.');
  });

  it('a dismissal needs a reason of 1 to 499 characters', async () => {
    const [a, b] = await organizationOf(t, 2);
    await a!.client.post('/api/rotating-fund');
    for (const m of [a!, b!]) await act(m, 'votes/amount', { amountCents: 5000 });
    await refused(
      a!,
      'votes/confirmation',
      { accept: false, reason: '' },
      400,
      'Please provide a reason for dismissal',
    );
    await refused(
      a!,
      'votes/confirmation',
      { accept: false, reason: '   ' },
      400,
      'Please provide a reason for dismissal',
    );
    await refused(
      a!,
      'votes/confirmation',
      { accept: false, reason: 'x'.repeat(500) },
      400,
      'Reason must be less than 500 characters',
    );
    const ok = await act(a!, 'votes/confirmation', { accept: false, reason: 'x'.repeat(499) });
    expect(ok.phase).toBe('dismissal_acknowledgment');
  });

  it('contributions: outside the window, twice, by a non-participant; withdrawal by a non-recipient', async () => {
    const [a, b, c, late] = await organizationOf(t, 4);
    await a!.client.post('/api/rotating-fund');
    for (const m of [a!, b!, c!]) await act(m, 'votes/amount', { amountCents: 5000 });
    // `late` never voted: the cycle went on without them once the others had voted and time ran out.
    await fastForward(a!, DAY + 1);
    for (const m of [a!, b!, c!]) await act(m, 'votes/confirmation', { accept: true });
    for (const m of [a!, b!, c!]) await act(m, 'votes/withdrawal-date', { option: '14d' });
    const fund = await fundOf(a!);
    const members = [a!, b!, c!];
    const [payer, other] = payersOf(members, fund) as [Member, Member];
    const recipient = recipientOf(members, fund);
    await refused(payer, 'contributions', { method: 'manual' }, 409, 'Contribution Window Closed');
    await openWindow(a!);
    await refused(late!, 'contributions', { method: 'manual' }, 403, 'Not eligible for this cycle');
    await refused(recipient, 'contributions', { method: 'manual' }, 403, 'Not eligible for this cycle');
    await act(payer, 'contributions', { method: 'manual' });
    await refused(
      payer,
      'contributions',
      { method: 'manual' },
      409,
      'You have already contributed this month',
    );
    await refused(other, 'withdraw', {}, 403, 'You are not the current recipient');
    await refused(
      payer,
      'contributions/00000000-0000-4000-8000-000000000000/confirm-receipt',
      {},
      403,
      'You are not the current recipient',
    );
  });

  it("another organization's fund id is 404, as if it did not exist", async () => {
    const [a] = await organizationOf(t, 1);
    const [x] = await organizationOf(t, 1);
    const theirs = (await x!.client.post('/api/rotating-fund')).json<FundView>();
    await a!.client.post('/api/rotating-fund');
    for (const path of ['voting-state', 'history', 'risk', 'monthly-contributions']) {
      const read = await a!.client.get(`/api/rotating-fund/${theirs.id}/${path}`);
      expect([path, read.statusCode, read.json().code]).toEqual([path, 404, 'NO_ROTATING_FUND']);
    }
    const write = await a!.client.post(`/api/rotating-fund/${theirs.id}/votes/amount`, { amountCents: 5000 });
    expect(write.statusCode).toBe(404);
    expect(write.json().message).toBe('No rotating fund found');
    expect(await version(theirs.id)).toBe(1);
    const malformed = await a!.client.get('/api/rotating-fund/not-a-uuid/summary');
    expect(malformed.statusCode).toBe(400);
  });

  it('concurrent double-clicks on contribute make one contribution; a replayed Idempotency-Key answers the same', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [first, second] = payersOf(members, fund) as [Member, Member];
    const url = `/api/rotating-fund/${fund.id}/contributions`;
    const clicks = await Promise.all([
      first.client.post(url, { method: 'manual' }),
      first.client.post(url, { method: 'manual' }),
    ]);
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const key = { headers: { 'idempotency-key': 'click-0123456789' } };
    const replays = await Promise.all([
      second.client.post(url, { method: 'manual' }, key),
      second.client.post(url, { method: 'manual' }, key),
    ]);
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(replays[0]!.json()).toEqual(replays[1]!.json());
    const contributions = (
      await first.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
    ).json().contributions as { contributorId: string }[];
    expect(contributions.map((c) => c.contributorId).sort()).toEqual([first.id, second.id].sort());
    // The same key on another route is refused rather than answered with the wrong thing.
    const reused = await second.client.post(`/api/rotating-fund/${fund.id}/votes/restart`, {}, key);
    expect(reused.statusCode).toBe(422);
  });

  it('leaving is refused during a round the member takes part in; during voting the voter just leaves', async () => {
    const [a, b, c] = await organizationOf(t, 3);
    await a!.client.post('/api/rotating-fund');
    await act(a!, 'votes/amount', { amountCents: 5000 });
    expect((await c!.client.post('/api/family/leave')).statusCode).toBe(200);
    expect((await fundOf(a!)).voters.sort()).toEqual([a!.id, b!.id].sort());
    await act(b!, 'votes/amount', { amountCents: 5000 }); // the last voter left: voting closes
    for (const m of [a!, b!]) await act(m, 'votes/confirmation', { accept: true });
    for (const m of [a!, b!]) await act(m, 'votes/withdrawal-date', { option: '14d' });
    const leave = await a!.client.post('/api/family/leave');
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toMatchObject({
      code: 'LEAVE_REFUSED',
      message: "Failed to leave: you take part in the fund's current round.",
      details: { reasons: ['fund_round_in_progress'] },
    });
    const inItalian = await a!.client.request('POST', '/api/family/leave', undefined, {
      headers: { 'accept-language': 'it' },
    });
    expect(inItalian.json().message).toBe('Impossibile uscire: partecipi al turno in corso del fondo.');
    expect((await a!.client.get('/api/family')).statusCode).toBe(200);
  });
});
