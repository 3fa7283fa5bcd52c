import type {
  AdminOverview,
  FundMetrics,
  InviteTracking,
  PlatformStatistics,
} from '@giro/contract/admin-insights';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newPerson, register, TestClient } from './support/client';
import { DAY, fastForward, fundOf, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf, roundWithCardsPaid } from './support/fund-steps';
import { card } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: TestClient;
beforeEach(async () => {
  const person = newPerson('admin');
  t = await createTestApp({ adminEmails: [person.email] });
  admin = (await register(t.app, { person, organization: { name: 'Giro HQ', type: 'team' } })).client;
});
afterEach(async () => t.close());

const ADMIN_GETS = [
  '/api/admin/overview',
  '/api/admin/invite-tracking',
  '/api/admin/invite-tracking?days=7&code=ABCD',
  '/api/admin/statistics',
  '/api/admin/fund-metrics',
];
const get = async <T>(path: string) => {
  const response = await admin.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('admin insight routes answer 404 to anyone but an admin', () => {
  it('signed out or a member, on every route', async () => {
    const member = await register(t.app);
    const invite = (await admin.post('/api/admin/tester-invites', { expiresInDays: 7 })).json();
    const { testerInvites } = await get<InviteTracking>('/api/admin/invite-tracking');
    for (const client of [new TestClient(t.app), member.client]) {
      for (const path of ADMIN_GETS) expect((await client.get(path)).statusCode, path).toBe(404);
      const revoke = await client.post(`/api/admin/tester-invites/${testerInvites[0]!.id}/revoke`);
      expect(revoke.statusCode).toBe(404);
      expect(revoke.json().code).toBe('NOT_FOUND');
    }
    // Nothing was revoked by them.
    expect((await new TestClient(t.app).get(`/api/invite/${invite.code}`)).json()).toEqual({
      kind: 'tester',
    });
  });
});

describe('invite tracking', () => {
  it('counts visits, registrations, joins and conversions per code and per day; tester invites live and die', async () => {
    const owner = await register(t.app, { organization: { name: 'Famiglia Rossi', type: 'family' } });
    const code = (await owner.client.get('/api/family')).json().inviteCode as string;
    const guest = new TestClient(t.app);
    for (let i = 0; i < 4; i++) expect((await guest.get(`/api/invite/${code}`)).statusCode).toBe(200);
    const joiner = await register(t.app, { inviteCode: code });
    // The browser may report it from two tabs at once: counted once (told apart on PostgreSQL).
    const reports = await Promise.all(
      Array.from({ length: 6 }, () => joiner.client.post('/api/invite/convert', { inviteCode: code })),
    );
    expect(reports.map((report) => report.statusCode)).toEqual(Array(6).fill(200));
    await register(t.app, { inviteCode: code }); // registered, never reported a conversion

    const used = (await admin.post('/api/admin/tester-invites', { expiresInDays: 7 })).json();
    const spare = (await admin.post('/api/admin/tester-invites', { expiresInDays: 7 })).json();
    await guest.get(`/api/invite/${used.code}`);
    const tester = await register(t.app, {
      organization: { name: 'Beta', type: 'club' },
      inviteCode: used.code,
    });
    await tester.client.post('/api/invite/convert', { inviteCode: used.code });

    let tracking = await get<InviteTracking>('/api/admin/invite-tracking?days=7');
    const family = tracking.codes.find((c) => c.code === code);
    expect(family).toMatchObject({
      source: 'organization',
      organizationName: 'Famiglia Rossi',
      organizationType: 'family',
      visits: 4,
      registrations: 2,
      joins: 0,
      conversions: 1,
      conversionRate: 0.25,
    });
    expect(tracking.codes.find((c) => c.code === used.code)).toMatchObject({
      source: 'tester',
      visits: 1,
      registrations: 1,
      conversions: 1,
    });
    expect(tracking.totals).toMatchObject({
      visits: 5,
      registrations: 3,
      conversions: 2,
      conversionRate: 0.4,
    });
    expect(tracking.series).toHaveLength(7);
    expect(tracking.series.at(-1)).toMatchObject({ visits: 5, registrations: 3, conversions: 2 });
    const oneCode = await get<InviteTracking>(`/api/admin/invite-tracking?days=7&code=${code.toLowerCase()}`);
    expect(oneCode.series.at(-1)).toMatchObject({ visits: 4, registrations: 2, conversions: 1 });

    const spareRow = tracking.testerInvites.find((i) => i.code === spare.code)!;
    expect(spareRow).toMatchObject({
      status: 'active',
      visits: 0,
      conversions: 0,
      usedAt: null,
      url: spare.url,
    });
    expect(tracking.testerInvites.find((i) => i.code === used.code)).toMatchObject({
      status: 'used',
      visits: 1,
      conversions: 1,
    });

    // Revoke: the link stops working and cannot be claimed; revoking again changes nothing.
    const revoked = await admin.post(`/api/admin/tester-invites/${spareRow.id}/revoke`);
    expect(revoked.json()).toMatchObject({ code: spare.code, status: 'revoked' });
    expect((await guest.get(`/api/invite/${spare.code}`)).statusCode).toBe(404);
    const late = await register(t.app, {
      organization: { name: 'Late', type: 'club' },
      inviteCode: spare.code,
    });
    expect(late.response.json().code).toBe('INVALID_TESTER_INVITE');
    const again = await admin.post(`/api/admin/tester-invites/${spareRow.id}/revoke`);
    expect(again.json().revokedAt).toBe(revoked.json().revokedAt);
    const usedRow = tracking.testerInvites.find((i) => i.code === used.code)!;
    expect((await admin.post(`/api/admin/tester-invites/${usedRow.id}/revoke`)).json().status).toBe('used');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/api/admin/tester-invites/${unknown}/revoke`)).statusCode).toBe(404);

    tracking = await get<InviteTracking>('/api/admin/invite-tracking');
    expect(tracking.testerInvites.find((i) => i.code === spare.code)?.status).toBe('revoked');
    const overview = await get<AdminOverview>('/api/admin/overview');
    expect(overview).toMatchObject({ inviteVisits: 5, inviteConversionRate: 0.4, activeTesterInvites: 0 });
  });
});

describe('statistics and fund metrics after a real round', () => {
  it('users, organizations, funds, money from the ledger; phases, on-time rate, payouts', async () => {
    const { recipient } = await roundWithCardsPaid(t);
    await t.flushOutbox();
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    expect((await fundOf(recipient)).round?.number).toBe(2);

    const stats = await get<PlatformStatistics>('/api/admin/statistics?days=30');
    expect(stats.users).toEqual({ total: 4, verified: 3, admins: 1, deleted: 0 });
    expect(stats.organizations).toEqual({
      total: 2,
      open: 2,
      byType: [
        { type: 'family', count: 1 },
        { type: 'team', count: 1 },
      ],
    });
    expect(stats.funds).toEqual({ total: 1, byStatus: [{ status: 'active', count: 1 }] });
    // 2 × €50 by card; the fee is 2.5 % + €0.50 = €3.00; the recipient got €97.00.
    expect(stats.money).toEqual({
      movedCents: 10_000,
      paidOutCents: 9700,
      feesCents: 300,
      refundedCents: 0,
      inEscrowCents: 0,
    });
    expect(stats.series).toHaveLength(30);
    const sum = (key: 'newUsers' | 'movedCents' | 'feesCents') =>
      stats.series.reduce((s, d) => s + d[key], 0);
    expect([sum('newUsers'), sum('movedCents'), sum('feesCents')]).toEqual([4, 10_000, 300]);

    const metrics = await get<FundMetrics>('/api/admin/fund-metrics');
    expect(metrics.funds).toEqual({ total: 1, running: 1 });
    expect(metrics.byPhase.find((p) => p.phase === 'collecting')?.count).toBe(1);
    expect(metrics.contributions).toEqual({ onTime: 2, late: 0, failed: 0, missed: 0, onTimeRate: 1 });
    expect(metrics.emergencyVotes).toEqual({ wait: 0, skip: 0, expel: 0, withdrawn: 0, open: 0 });
    expect(metrics).toMatchObject({ recipientTimeouts: 0, payoutFailures: 0, cycles: { completed: 0 } });

    const overview = await get<AdminOverview>('/api/admin/overview');
    expect(overview).toMatchObject({
      users: 4,
      organizations: 2,
      runningFunds: 1,
      movedCents: 10_000,
      feesCents: 300,
      onTimeRate: 1,
    });
  });
});

describe('fund metrics of cash that did not count', () => {
  it('a declaration the recipient refused and a cash cover the member replaced are not counted on time', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    const [payer, other] = payersOf(members, fund) as [Member, Member];
    await openWindow(members[0]!);
    const declared = async () =>
      (await recipient.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`))
        .json<{ contributions: { id: string; status: string }[] }>()
        .contributions.filter((c) => c.status === 'declared');
    await act(payer, 'contributions', { method: 'manual' });
    const [refused] = await declared();
    await act(recipient, `contributions/${refused!.id}/not-received`);
    await act(payer, 'contributions', card());
    await act(payer, 'contributions', { method: 'manual', onBehalfOf: other.id });
    await act(other, 'contributions', card());
    expect(await declared()).toEqual([]);

    // Four made, two of them cash that never counted: two paid on time, in the window.
    const metrics = await get<FundMetrics>('/api/admin/fund-metrics');
    expect(metrics.contributions).toEqual({ onTime: 2, late: 0, failed: 0, missed: 0, onTimeRate: 1 });
    expect((await get<AdminOverview>('/api/admin/overview')).onTimeRate).toBe(1);
  });
});

describe('fund metrics of a missed contribution', () => {
  it('a wait granted and a late payment: one strike, one miss, one late, on-time rate 1 ÷ 2', async () => {
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

    const metrics = await get<FundMetrics>('/api/admin/fund-metrics');
    expect(metrics.contributions).toEqual({ onTime: 1, late: 1, failed: 0, missed: 1, onTimeRate: 0.5 });
    expect(metrics.emergencyVotes).toEqual({ wait: 1, skip: 0, expel: 0, withdrawn: 0, open: 0 });
    expect(metrics.strikes).toEqual({ total: 1, members: 1, membersAtRisk: 0 });
    expect(metrics.debts).toEqual({ members: 0, totalCents: 0 });
  });

  it('a late payment taken back is not late, and takes nothing from those on time; paid again, it is late once', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    const [payer, missing] = payersOf(members, fund) as [Member, Member];
    await openWindow(members[0]!);
    await act(payer, 'contributions', card());
    await fastForward(members[0]!, 7 * DAY);
    const vote = (await fundOf(recipient)).round!.emergencies[0]!;
    for (const voter of [payer, recipient])
      await act(voter, `emergency-votes/${vote.id}`, { choice: 'wait' });
    await act(missing, 'contributions', { method: 'manual' });
    const { contributions } = (
      await missing.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
    ).json<{ contributions: { id: string; contributorId: string; status: string }[] }>();
    const own = contributions.find((c) => c.contributorId === missing.id && c.status === 'declared')!;
    await act(missing, `contributions/${own.id}/cancel`);

    // Before, the late payment was subtracted twice: on time 0, late 1.
    const contributionsNow = async () => (await get<FundMetrics>('/api/admin/fund-metrics')).contributions;
    expect(await contributionsNow()).toEqual({ onTime: 1, late: 0, failed: 0, missed: 1, onTimeRate: 0.5 });
    expect((await get<AdminOverview>('/api/admin/overview')).onTimeRate).toBe(0.5);
    await act(missing, 'contributions', card());
    expect(await contributionsNow()).toEqual({ onTime: 1, late: 1, failed: 0, missed: 1, onTimeRate: 0.5 });
  });
});
