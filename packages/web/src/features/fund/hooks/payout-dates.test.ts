import { describe, expect, it } from 'vitest';
import { testFund, testRound } from '../../../test/fund-fixture';
import { expectedPayoutAt } from './payout-dates';

const DAY = 24 * 60 * 60 * 1000;
const WITHDRAWAL = '2030-01-15T00:00:00.000Z';
const plusDays = (days: number) => new Date(Date.parse(WITHDRAWAL) + days * DAY).toISOString();

/** Four participants in the order u2, u1, u3, u4; u2 receives in round 1, rounds of 28 days. */
const running = (overrides: Parameters<typeof testFund>[0] = {}) =>
  testFund({
    status: 'active',
    phase: 'collecting',
    participants: ['u1', 'u2', 'u3', 'u4'],
    order: ['u2', 'u1', 'u3', 'u4'],
    roundLength: '28d',
    round: testRound({ withdrawalAt: WITHDRAWAL }),
    ...overrides,
  });

describe('a turn expected payout date', () => {
  it('is the round withdrawal date for its recipient, one round length later per turn after', () => {
    const fund = running();
    expect(['u2', 'u1', 'u3', 'u4'].map((id) => expectedPayoutAt(fund, id))).toEqual([
      WITHDRAWAL,
      plusDays(28),
      plusDays(56),
      plusDays(84),
    ]);
  });

  it('counts the rounds of the voted length, and skips who received or was expelled', () => {
    const fund = running({
      order: ['u1', 'u2', 'u3', 'u4'],
      roundLength: '14d',
      received: [{ roundNumber: 1, recipientId: 'u1', netCents: 10_000 }],
      expelled: ['u3'],
    });
    expect(['u1', 'u2', 'u3', 'u4'].map((id) => expectedPayoutAt(fund, id))).toEqual([
      null,
      WITHDRAWAL,
      null,
      plusDays(14),
    ]);
  });

  it('once the recipient payout is recorded, everyone still waiting is at least a round away', () => {
    const fund = running({
      round: testRound({ withdrawalAt: WITHDRAWAL, state: 'distributing' }),
      received: [{ roundNumber: 1, recipientId: 'u2', netCents: 10_000 }],
    });
    expect(expectedPayoutAt(fund, 'u1')).toBe(plusDays(28));
    expect(expectedPayoutAt(fund, 'u4')).toBe(plusDays(84));
  });

  it('is unknown before the first round, and for a member outside the order', () => {
    expect(expectedPayoutAt(running({ round: null }), 'u1')).toBeNull();
    expect(expectedPayoutAt(running({ roundLength: null }), 'u1')).toBeNull();
    expect(expectedPayoutAt(running(), 'u9')).toBeNull();
  });
});
