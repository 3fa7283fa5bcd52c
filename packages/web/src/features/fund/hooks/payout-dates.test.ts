import { describe, expect, it } from 'vitest';
import { testFund, testRound } from '../../../test/fund-fixture';
import { expectedPayouts } from './payout-dates';

const DAY = 24 * 60 * 60 * 1000;
const WITHDRAWAL = '2030-01-15T00:00:00.000Z';
const plusDays = (days: number, from = WITHDRAWAL) => new Date(Date.parse(from) + days * DAY).toISOString();
/** Before the round's withdrawal date. */
const BEFORE = Date.parse('2030-01-10T00:00:00.000Z');

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

describe('each turn expected payout date', () => {
  it('is the round withdrawal date for its recipient, one round length later per turn after', () => {
    expect([...expectedPayouts(running(), BEFORE)]).toEqual([
      ['u2', WITHDRAWAL],
      ['u1', plusDays(28)],
      ['u3', plusDays(56)],
      ['u4', plusDays(84)],
    ]);
  });

  it('counts rounds of the voted length, and skips who received or was expelled', () => {
    const fund = running({
      order: ['u1', 'u2', 'u3', 'u4'],
      roundLength: '14d',
      received: [{ roundNumber: 1, recipientId: 'u1', netCents: 10_000 }],
      expelled: ['u3'],
      round: testRound({ number: 2, withdrawalAt: WITHDRAWAL }),
    });
    expect([...expectedPayouts(fund, BEFORE)]).toEqual([
      ['u2', WITHDRAWAL],
      ['u4', plusDays(14)],
    ]);
  });

  it('is never already past: a round kept open beyond its date is planned from now', () => {
    // Paused for an emergency vote, or waiting for its recipient, three days after its date.
    const now = Date.parse(plusDays(3));
    expect([...expectedPayouts(running(), now)]).toEqual([
      ['u2', plusDays(3)],
      ['u1', plusDays(31)],
      ['u3', plusDays(59)],
      ['u4', plusDays(87)],
    ]);
  });

  it('is unknown before the first round', () => {
    expect(expectedPayouts(running({ round: null }), BEFORE).size).toBe(0);
    expect(expectedPayouts(running({ roundLength: null }), BEFORE).size).toBe(0);
  });
});
