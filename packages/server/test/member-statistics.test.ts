import type { MemberStatistics } from '@giro/contract/statistics';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { euros } from '../src/use-cases/statistics/export-member-statement';
import { TestClient } from './support/client';
import { connectPayoutAccount, fundOf, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { card, contribute, createRequest } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** "-12.34" → -1234, without floats. */
const centsOf = (text: string) => {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
};

async function statementOf(member: Member) {
  const response = await member.client.get('/api/statistics/me/statement.csv');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  const [header, ...rows] = response.body.trimEnd().split('\r\n');
  return { header, rows: rows.map(parseCsvRow) };
}

/** One RFC 4180 row: quoted fields may hold commas and doubled quotes. */
function parseCsvRow(row: string): string[] {
  return [...row.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
    m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] ?? ''),
  );
}

/** Round 1 paid by card, round 2 by manual payments, and a card contribution to a request. */
async function playMoney(members: Member[]) {
  let fund = await activeFund(members, 5000);
  const first = recipientOf(members, fund);
  await connectPayoutAccount(first);
  await openWindow(members[0]!);
  for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
  await t.flushOutbox();
  await act(first, 'withdraw');
  await t.flushOutbox();

  fund = await fundOf(members[0]!);
  const second = recipientOf(members, fund);
  await openWindow(members[0]!);
  for (const payer of payersOf(members, fund)) await act(payer, 'contributions', { method: 'manual' });
  const { contributions } = (
    await second.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
  ).json<{ contributions: { id: string }[] }>();
  for (const c of contributions) await act(second, `contributions/${c.id}/confirm-receipt`);
  await act(second, 'withdraw');
  await t.flushOutbox();

  const request = await createRequest(members[0]!, 'Roof repair', 20_000);
  await contribute(members[1]!, request.id, 1234);
  await t.flushOutbox();
  return { first, second };
}

describe('GET /api/statistics/me and the statement CSV', () => {
  it('agree with the dashboard and the ledger to the cent, per cycle and over time', async () => {
    const members = await organizationOf(t, 3);
    const { first, second } = await playMoney(members);

    for (const member of members) {
      const stats = (await member.client.get('/api/statistics/me')).json<MemberStatistics>();
      const { userStats } = (await member.client.get('/api/dashboard')).json();
      expect(stats.totals).toEqual({
        givenCents: userStats.totalGivenCents,
        receivedCents: userStats.totalReceivedCents,
        balanceCents: userStats.currentBalanceCents,
      });
      expect(stats.timeline.at(-1)?.balanceCents).toBe(userStats.currentBalanceCents);
      const sum = (key: 'givenCents' | 'receivedCents') => stats.cycles.reduce((s, c) => s + c[key], 0);
      expect(sum('givenCents')).toBe(userStats.totalGivenCents);
      expect(sum('receivedCents')).toBe(userStats.totalReceivedCents);

      const { header, rows } = await statementOf(member);
      expect(header).toBe('date,code,description,amount_eur,balance_eur');
      expect(rows).toHaveLength(stats.lineCount);
      let balance = 0;
      for (const row of rows) {
        balance += centsOf(row[3]!);
        expect(centsOf(row[4]!)).toBe(balance);
      }
      expect(euros(balance)).toBe(euros(userStats.currentBalanceCents));
    }

    // The card recipient got 2 × 50.00 less the fee (2.5 % + 0.50): 97.00, in cycle 1.
    const firstStats = (await first.client.get('/api/statistics/me')).json<MemberStatistics>();
    expect(firstStats.cycles.find((c) => c.source === 'fund')).toMatchObject({
      cycleNumber: 1,
      receivedCents: 9700,
    });
    const firstRows = (await statementOf(first)).rows;
    expect(firstRows.find((row) => row[1] === 'payout')?.slice(2, 4)).toEqual([
      'Fund payout, net of the fee (fund cycle 1, round 1)',
      '97.00',
    ]);
    // The manual recipient received 100.00 fee-free, placed in cycle 1, round 2.
    second.client.language = 'it';
    const secondCsv = (await second.client.get('/api/statistics/me/statement.csv')).body;
    expect(secondCsv).toMatch(
      /manual-contribution,"Contributo manuale \(ciclo del fondo 1, turno 2\)",50\.00,/,
    );
    // The request contributor's line is a funding request, given 12.34.
    const giver = (await members[1]!.client.get('/api/statistics/me')).json<MemberStatistics>();
    expect(giver.cycles.at(-1)).toEqual({
      source: 'request',
      cycleNumber: null,
      givenCents: 1234,
      receivedCents: 0,
    });
  });

  it('a member with no money yet has empty statistics; signed out is 401', async () => {
    const [member] = await organizationOf(t, 1);
    const stats = (await member!.client.get('/api/statistics/me')).json<MemberStatistics>();
    expect(stats).toEqual({
      totals: { givenCents: 0, receivedCents: 0, balanceCents: 0 },
      timeline: [],
      cycles: [],
      lineCount: 0,
    });
    expect((await statementOf(member!)).rows).toEqual([]);
    const guest = new TestClient(t.app);
    expect((await guest.get('/api/statistics/me')).statusCode).toBe(401);
    expect((await guest.get('/api/statistics/me/statement.csv')).statusCode).toBe(401);
  });
});
