import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FundView } from '@giro/contract/fund';
import { commitmentOf, drawOrder, drawSeed } from '@giro/domain/draw';
import type { FundState } from '@giro/domain/fund/fund-types';
import { checkJournal } from '@giro/domain/ledger';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { readJournal } from '../src/db/ledger.repository';
import { funds } from '../src/db/schema';
import { DAY, fastForward, fundOf, type Member, organizationOf } from './support/fund-members';
import { act, activeFund } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const post = act;
const byId = (members: Member[], id: string | null) => members.find((m) => m.id === id)!;

describe('a whole cycle of three members', () => {
  it('votes, dismisses and re-votes, draws a verifiable order, collects, pays out, completes with history', async () => {
    const members = await organizationOf(t, 3);
    const [a, b, c] = members as [Member, Member, Member];

    const created = (await a.client.post('/api/rotating-fund')).json<FundView>();
    expect(created).toMatchObject({ phase: 'voting', cycleNumber: 1, nonce: null });
    expect(created.voters.sort()).toEqual(members.map((m) => m.id).sort());

    await post(a, 'votes/amount', { amountCents: 5000 });
    const midVote = await post(b, 'votes/amount', { amountCents: 6000 });
    expect(midVote.votes).toBeNull(); // amounts stay hidden while voting is open
    expect(midVote.votedBy.sort()).toEqual([a.id, b.id].sort());
    const closed = await post(c, 'votes/amount', { amountCents: 10_000 });
    expect(closed).toMatchObject({ phase: 'confirmation', finalAmountCents: 6000 });

    const dismissed = await post(b, 'votes/confirmation', {
      accept: false,
      reason: 'Troppo per me questo mese',
    });
    expect(dismissed.phase).toBe('dismissal_acknowledgment');
    expect(dismissed.dismissal).toEqual({ by: b.id, reason: 'Troppo per me questo mese' });
    expect(dismissed.acknowledged).toEqual([b.id]); // who dismissed has seen it
    for (const m of [a, c]) await post(m, 'dismissal/acknowledge');
    const revote = await fundOf(a);
    expect(revote).toMatchObject({ phase: 'voting', votingRound: 2 });

    for (const m of members) await post(m, 'votes/amount', { amountCents: 5000 });
    for (const m of members) await post(m, 'votes/confirmation', { accept: true });
    const active = await fundOf(a);
    expect(active).toMatchObject({ status: 'active', phase: 'date_voting', finalAmountCents: 5000 });
    // The draw is verifiable from what is shown: the commitment, the nonce, the seed and the order.
    expect(commitmentOf(active.nonce!)).toBe(active.commitment);
    expect(active.commitment).toBe(created.commitment);
    const seed = drawSeed({
      nonceHex: active.nonce!,
      fundId: active.id,
      cycleNumber: 1,
      votes: Object.entries(active.votes!).map(([userId, amountCents]) => ({ userId, amountCents })),
    });
    expect(seed).toBe(active.seed);
    expect(drawOrder([...active.participants].sort(), seed)).toEqual(active.order);

    for (const m of members) await post(m, 'votes/withdrawal-date', { option: '14d' });
    let fund = await fundOf(a);
    expect(fund).toMatchObject({ phase: 'collecting', roundLength: '14d' });
    expect(fund.round?.number).toBe(1);

    for (let roundNumber = 1; roundNumber <= 3; roundNumber++) {
      fund = await fundOf(a);
      expect(fund.round?.number).toBe(roundNumber);
      const recipient = byId(members, fund.round!.recipientId);
      const payers = members.filter((m) => m !== recipient);
      // The window opens 7 days before the withdrawal date.
      const early = await payers[0]!.client.post(`/api/rotating-fund/${fund.id}/contributions`, {
        method: 'manual',
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Contribution Window Closed');
      await fastForward(a, 7 * DAY + 1);
      for (const payer of payers) await post(payer, 'contributions', { method: 'manual' });
      const contributions = (
        await recipient.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
      ).json<{ contributions: { id: string; status: string }[] }>().contributions;
      expect(contributions.map((x) => x.status)).toEqual(['declared', 'declared']);
      for (const x of contributions) await post(recipient, `contributions/${x.id}/confirm-receipt`);
      const ready = await fundOf(recipient);
      expect(ready.phase).toBe('awaiting_withdrawal');
      expect(ready.round?.payout.manualCents).toBe(10_000);
      await post(recipient, 'withdraw');
    }

    fund = await fundOf(a);
    expect(fund).toMatchObject({ status: 'completed', phase: 'completed', historyCount: 1 });
    const { history } = (await a.client.get(`/api/rotating-fund/${fund.id}/history`)).json();
    expect(history[0].recipients.map((r: { recipientId: string }) => r.recipientId)).toEqual(active.order);
    expect(history[0]).toMatchObject({ cycleNumber: 1, amountCents: 5000, seed: active.seed });

    // Manual money moved member to member: each gave 10,000 and received 10,000, all in the ledger.
    const dashboard = (await a.client.get('/api/dashboard')).json();
    expect(dashboard.userStats).toMatchObject({ totalGivenCents: 10_000, totalReceivedCents: 10_000 });
    const journal = await readJournal(t.database.db, (await a.client.get('/api/family')).json().id);
    expect(checkJournal(journal)).toEqual([]);

    // The cycle's end took what it settled out of the fund's state (which would otherwise grow
    // with every cycle); each member's list of their payments still has theirs.
    const [stored] = await t.database.db
      .select({ state: funds.state })
      .from(funds)
      .where(eq(funds.id, fund.id));
    expect((stored!.state as FundState).contributions).toEqual([]);
    const mine = (await a.client.get('/api/monthly-contributions')).json<{
      contributions: { status: string; cycleNumber: number; amountCents: number }[];
    }>().contributions;
    expect(mine.map((x) => [x.status, x.cycleNumber, x.amountCents])).toEqual([
      ['paid_out', 1, 5000],
      ['paid_out', 1, 5000],
    ]);

    // Any member starts the next cycle.
    const next = (await b.client.post('/api/rotating-fund')).json<FundView>();
    expect(next).toMatchObject({ phase: 'voting', cycleNumber: 2 });
  });

  it('a majority restart vote after the draw reopens voting under a fresh commitment', async () => {
    const members = await organizationOf(t, 3);
    const [a, b] = members as [Member, Member];
    const active = await activeFund(members);
    expect(active.nonce).not.toBeNull();
    const one = await post(a, 'votes/restart');
    expect(one.restartVotes).toEqual([a.id]);
    const restarted = await post(b, 'votes/restart');
    expect(restarted).toMatchObject({ phase: 'voting', nonce: null, votingRound: active.votingRound + 1 });
    expect(restarted.commitment).not.toBe(active.commitment);
  });
});

describe('migration 0028', () => {
  it("counts a stored state's cycles and each member's, and empties its histories (their events keep them)", async () => {
    const members = await organizationOf(t, 3);
    const [a, b, c] = members as [Member, Member, Member];
    const fund = await activeFund(members);
    // Two cycles as states stored them before: the older without its participants (its order then).
    const cycle = (cycleNumber: number, order: string[], participants?: string[]) => ({
      cycleNumber,
      order,
      ...(participants ? { participants } : {}),
      recipients: [],
    });
    const history = [cycle(1, [a.id, b.id]), cycle(2, [a.id, b.id, c.id], [a.id, b.id, c.id, c.id])];
    const oldShape = sql`state - 'completedCycles' - 'memberCycles' || jsonb_build_object('history', ${JSON.stringify(history)}::jsonb)`;
    await t.database.db.execute(sql`update funds set state = ${oldShape} where id = ${fund.id}`);
    const migration = sql.raw(
      readFileSync(join(migrationsFolder, '0028_fund_histories_in_events.sql'), 'utf8'),
    );
    await t.database.db.execute(migration);
    const stateNow = async () => {
      const [stored] = await t.database.db
        .select({ state: funds.state })
        .from(funds)
        .where(eq(funds.id, fund.id));
      return stored!.state as FundState;
    };
    const migrated = await stateNow();
    // Emptied, not removed: the release before still reads a state during a rolling upgrade.
    expect(migrated.history).toEqual([]);
    expect(migrated.completedCycles).toBe(2);
    expect(migrated.memberCycles).toEqual({ [a.id]: 2, [b.id]: 2, [c.id]: 1 });

    // That release completes a third cycle meanwhile, the way it does: into the history. Running
    // the migration again leaves the counts alone, and this release counts that cycle too.
    const third = JSON.stringify([cycle(3, [a.id, c.id], [c.id])]);
    await t.database.db.execute(
      sql`update funds set state = jsonb_set(state, '{history}', ${third}::jsonb) where id = ${fund.id}`,
    );
    await t.database.db.execute(migration);
    expect(await stateNow()).toMatchObject({ completedCycles: 2, memberCycles: migrated.memberCycles });
    expect(await fundOf(a)).toMatchObject({ historyCount: 3 });
    const completedCycles = async (m: Member) =>
      (await m.client.get('/api/dashboard')).json().userStats.completedCycles;
    expect([await completedCycles(a), await completedCycles(c)]).toEqual([2, 2]);
  });
});
