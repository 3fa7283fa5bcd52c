import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AdminOverview,
  FundMetrics,
  InviteTracking,
  PlatformStatistics,
} from '@giro/contract/admin-insights';
import { type SQL, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { foldCounterDeltas } from '../src/db/insights/counters.queries';
import { appWithAdmin } from './support/admin-app';
import { register, type TestClient } from './support/client';
import {
  connectPayoutAccount,
  DAY,
  fastForward,
  fundOf,
  type Member,
  organizationOf,
} from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { card, contribute, createRequest, ownerAction } from './support/request-steps';
import type { TestApp } from './support/test-app';

/**
 * The admin figures are read from counters that triggers keep in the writers' transactions
 * (migration 0007). Exact means: a write moves a figure by its amount in the very next answer,
 * folding the deltas changes nothing, and every figure equals a recount from its own table.
 */
let t: TestApp;
let admin: TestClient;
beforeEach(async () => {
  const setup = await appWithAdmin();
  t = setup.t;
  admin = setup.admin.client;
});
afterEach(async () => t.close());

const get = async <T>(path: string) => {
  const response = await admin.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const today = (stats: PlatformStatistics) => stats.series.at(-1)!;

describe('each write moves the admin figures by exactly its amount', () => {
  it('members, a paid round, a deleted account and a new admin, at once; a fold changes nothing', async () => {
    const overview0 = await get<AdminOverview>('/api/admin/overview');
    const stats0 = await get<PlatformStatistics>('/api/admin/statistics?days=7');

    const members = await organizationOf(t, 3);
    const overview1 = await get<AdminOverview>('/api/admin/overview');
    const stats1 = await get<PlatformStatistics>('/api/admin/statistics?days=7');
    expect(overview1.users - overview0.users).toBe(3);
    expect(overview1.organizations - overview0.organizations).toBe(1);
    expect(stats1.users.verified - stats0.users.verified).toBe(3);
    expect(today(stats1).newUsers - today(stats0).newUsers).toBe(3);
    expect(today(stats1).newOrganizations - today(stats0).newOrganizations).toBe(1);

    const fund = await activeFund(members, 5000);
    const recipient = recipientOf(members, fund);
    await connectPayoutAccount(recipient);
    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
    await t.flushOutbox();
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    const overview2 = await get<AdminOverview>('/api/admin/overview');
    const stats2 = await get<PlatformStatistics>('/api/admin/statistics?days=7');
    // 2 × €50 by card; the fee is 2.5 % + €0.50 = €3.00; the recipient got €97.00.
    expect(overview2.movedCents - overview1.movedCents).toBe(10_000);
    expect(overview2.feesCents - overview1.feesCents).toBe(300);
    expect(stats2.money.paidOutCents - stats1.money.paidOutCents).toBe(9700);
    expect(overview2.runningFunds - overview1.runningFunds).toBe(1);

    await foldCounterDeltas(t.database.db);
    expect(await get<AdminOverview>('/api/admin/overview')).toEqual(overview2);
    expect(await get<PlatformStatistics>('/api/admin/statistics?days=7')).toEqual(stats2);

    const leaving = await register(t.app);
    await leaving.client.post('/api/user/delete-request', { password: leaving.person.password });
    await t.flushOutbox();
    const token = t.mailer.tokenFrom(leaving.person.email, '/delete-account-confirm');
    expect((await leaving.client.post('/api/user/delete', { token })).statusCode).toBe(200);
    const promoted = await admin.post(`/api/admin/users/${members[1]!.id}/role`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const stats3 = await get<PlatformStatistics>('/api/admin/statistics?days=7');
    // Registered then deleted: one more user row, one more deleted, the same number of people.
    expect(stats3.users.total - stats2.users.total).toBe(1);
    expect(stats3.users.deleted - stats2.users.deleted).toBe(1);
    expect(stats3.users.admins - stats2.users.admins).toBe(1);
    expect((await get<AdminOverview>('/api/admin/overview')).users).toBe(overview2.users);
  });
});

describe('updates are counted only when they change a counted column (migration 0023)', () => {
  it('the last member leaving closes the organization: one open organization fewer, no user fewer', async () => {
    const [only] = await organizationOf(t, 1);
    const before = await get<AdminOverview>('/api/admin/overview');
    const left = await only!.client.post('/api/family/leave');
    expect(left.statusCode, left.body).toBe(200);
    const after = await get<AdminOverview>('/api/admin/overview');
    expect(after.organizations - before.organizations).toBe(-1);
    expect(after.users).toBe(before.users);
  });

  it("a fund's strikes and debts move the figures; any other write of the fund does not", async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const [a, b] = payersOf(members, fund) as [Member, Member];
    const metrics = () => get<FundMetrics>('/api/admin/fund-metrics');
    const before = await metrics();
    const setState = (path: string, value: unknown) =>
      t.database.db.execute(
        sql`update funds set state = jsonb_set(state, ${`{${path}}`}::text[], ${JSON.stringify(value)}::jsonb)
            where id = ${fund.id}`,
      );
    // Plain SQL behind the app's back: the counters follow whichever code path wrote.
    await setState('debts', { [a.id]: 1500, [b.id]: 250 });
    await setState('strikes', { [a.id]: 3, [b.id]: 1 });
    const moved = await metrics();
    expect(moved.debts.members - before.debts.members).toBe(2);
    expect(moved.debts.totalCents - before.debts.totalCents).toBe(1750);
    expect(moved.strikes.total - before.strikes.total).toBe(4);
    expect(moved.strikes.members - before.strikes.members).toBe(2);
    expect(moved.strikes.membersAtRisk - before.strikes.membersAtRisk).toBe(1);

    const deltas = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from insight_counter_deltas`))[0]!.n;
    const counted = await deltas();
    await t.database.db.execute(sql`update funds set version = version + 1 where id = ${fund.id}`);
    expect(await deltas()).toBe(counted);
    expect(await metrics()).toEqual(moved);

    await setState('debts', {});
    await setState('strikes', {});
    expect(await metrics()).toEqual(before);
  });
});

describe('every figure equals a recount from the tables it summarizes', () => {
  it('after a miss paid late, a refunded request, invites and a fold', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    const [payer, missing] = payersOf(members, fund) as [Member, Member];
    const confirmAll = async () => {
      const { contributions } = (
        await recipient.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
      ).json<{ contributions: { id: string; status: string }[] }>();
      for (const c of contributions.filter((x) => x.status === 'declared'))
        await act(recipient, `contributions/${c.id}/confirm-receipt`);
    };
    await openWindow(members[0]!);
    await act(payer, 'contributions', { method: 'manual' });
    await confirmAll();
    await fastForward(members[0]!, 7 * DAY);
    const vote = (await fundOf(recipient)).round!.emergencies[0]!;
    for (const voter of [payer, recipient])
      await act(voter, `emergency-votes/${vote.id}`, { choice: 'wait' });
    await act(missing, 'contributions', { method: 'manual' });
    await confirmAll();

    const [ann, bob, cat] = await organizationOf(t, 3);
    const request = await createRequest(ann!, 'Holiday', 30_000);
    await contribute(bob!, request.id, 2_500);
    await contribute(cat!, request.id, 1_500);
    await t.flushOutbox();
    await ownerAction(ann!, request.id, 'cancel');
    await t.flushOutbox();
    const code = (await ann!.client.get('/api/family')).json<{ inviteCode: string }>().inviteCode;
    for (let i = 0; i < 3; i++) await admin.get(`/api/invite/${code}`);
    await admin.post('/api/admin/tester-invites', { expiresInDays: 7 });

    await expectRecounted();
    await foldCounterDeltas(t.database.db);
    await expectRecounted();
    await register(t.app, { inviteCode: code });
    await expectRecounted();
    // Migration 0042's recount of a history gives what its trigger counted as the history was written.
    const recount = readFileSync(join(migrationsFolder, '0042_late_payments_standing.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .at(-1)!;
    await t.database.db.execute(sql.raw(recount));
    await expectRecounted();
  });
});

/** The admin answers against the whole-table queries the counters replaced. */
async function expectRecounted() {
  const stats = await get<PlatformStatistics>('/api/admin/statistics?days=30');
  const metrics = await get<FundMetrics>('/api/admin/fund-metrics');
  const tracking = await get<InviteTracking>('/api/admin/invite-tracking?days=30');
  const overview = await get<AdminOverview>('/api/admin/overview');

  const [users] = await rows<PlatformStatistics['users']>(sql`select count(*)::int as total,
      count(*) filter (where email_verified_at is not null and deleted_at is null)::int as verified,
      count(*) filter (where role = 'admin' and deleted_at is null)::int as admins,
      count(*) filter (where deleted_at is not null)::int as deleted from users`);
  expect(stats.users).toEqual(users);
  const types = await rows<{ type: string; count: number; open: number }>(
    sql`select type, count(*)::int as count, count(*) filter (where closed_at is null)::int as open
        from organizations group by type order by type`,
  );
  expect(stats.organizations.byType).toEqual(types.map(({ type, count }) => ({ type, count })));
  expect(overview.organizations).toBe(types.reduce((sum, row) => sum + row.open, 0));
  const phases = await rows<{ phase: string; count: number }>(
    sql`select state->>'phase' as phase, count(*)::int as count from funds group by 1`,
  );
  for (const { phase, count } of phases)
    expect(metrics.byPhase.find((p) => p.phase === phase)?.count, phase).toBe(count);

  const [money] = await rows<Record<string, string | null>>(sql`select
      -sum(amount_cents) filter (where account like 'funding:%' or account like 'refunds:%') as moved,
      sum(amount_cents) filter (where account like 'payout:%') as paid_out,
      sum(amount_cents) filter (where account = 'platform:fees') as fees,
      sum(amount_cents) filter (where account like 'refunds:%') as refunded,
      sum(amount_cents) filter (where account like '%-escrow:%') as escrow from ledger_entries`);
  expect(stats.money).toEqual({
    movedCents: Number(money?.moved ?? 0),
    paidOutCents: Number(money?.paid_out ?? 0),
    feesCents: Number(money?.fees ?? 0),
    refundedCents: Number(money?.refunded ?? 0),
    inEscrowCents: Number(money?.escrow ?? 0),
  });
  expect(stats.money.refundedCents).not.toBe(0);
  const since = `${stats.series[0]!.day}T00:00:00Z`;
  const byDay = await rows<{ day: string; users: number; moved: string | null }>(sql`
    select d.day, coalesce(u.n, 0)::int as users, m.moved from
      (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as n from users
        where created_at >= ${since}::timestamptz group by 1) u
      full join (select to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
          (-sum(amount_cents) filter (where account like 'funding:%' or account like 'refunds:%'))::text as moved
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.created_at >= ${since}::timestamptz group by 1) m using (day)
      cross join lateral (select coalesce(u.day, m.day) as day) d`);
  for (const { day, users: n, moved } of byDay)
    expect(
      stats.series.find((s) => s.day === day),
      day,
    ).toMatchObject({
      newUsers: n,
      movedCents: Number(moved ?? 0),
    });

  const events = await rows<{ type: string; n: number }>(
    sql`select type, count(*)::int as n from fund_events group by type`,
  );
  const count = (type: string) => events.find((e) => e.type === type)?.n ?? 0;
  // Late: payments after a miss of their member in the same round, never undone since.
  const undoing = `'ContributionFailed', 'CoverSuperseded', 'ReceiptRefused', 'DeclarationCancelled'`;
  const [late] = await rows<{ n: number }>(sql`select count(*)::int as n from fund_events c
    where c.type = 'ContributionMade' and exists (select 1 from fund_events m
        where m.type = 'ContributionMissed' and m.fund_id = c.fund_id and m.id < c.id
          and m.payload->>'memberId' = c.payload->'contribution'->>'contributorId'
          and not exists (select 1 from fund_events r where r.type = 'RoundStarted'
            and r.fund_id = c.fund_id and r.id > m.id and r.id < c.id))
      and not exists (select 1 from fund_events u where u.fund_id = c.fund_id
        and u.type in (${sql.raw(undoing)}) and u.payload->>'contributionId' = c.payload->'contribution'->>'id')`);
  expect(late?.n).toBe(1);
  expect(metrics.contributions.late).toBe(late?.n);
  expect(metrics.contributions.failed).toBe(count('ContributionFailed'));
  const undone = ['ContributionFailed', 'CoverSuperseded', 'ReceiptRefused', 'DeclarationCancelled'];
  expect(metrics.contributions.onTime).toBe(
    count('ContributionMade') - (late?.n ?? 0) - undone.reduce((sum, type) => sum + count(type), 0),
  );
  expect(metrics.emergencyVotes.wait).toBe(count('ExtensionGranted'));
  expect(metrics).toMatchObject({
    recipientTimeouts: count('RecipientTimedOut'),
    payoutFailures: count('DistributionFailed'),
    cycles: { completed: count('CycleCompleted') },
  });
  const [strikes] = await rows<{ total: number; members: number }>(
    sql`select coalesce(sum(value::int), 0)::int as total, count(*) filter (where value::int > 0)::int as members
        from funds, jsonb_each_text(state->'strikes')`,
  );
  expect(metrics.strikes).toMatchObject(strikes!);

  const codes = await rows<{ code: string; visits: number; registrations: number; conversions: number }>(
    sql`select code, count(*) filter (where kind = 'visit')::int as visits,
          count(*) filter (where kind = 'registration')::int as registrations,
          count(*) filter (where kind = 'conversion')::int as conversions
        from invite_events where kind in ('visit', 'registration', 'join', 'conversion') group by code`,
  );
  expect(tracking.codeCount).toBe(codes.length);
  for (const row of codes) expect(tracking.codes.find((c) => c.code === row.code)).toMatchObject(row);
  expect(tracking.totals.visits).toBe(codes.reduce((sum, row) => sum + row.visits, 0));
  expect(tracking.series.reduce((sum, day) => sum + day.visits, 0)).toBe(tracking.totals.visits);
}
