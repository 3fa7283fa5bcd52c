import { describe, expect, it } from 'vitest';
import { FundHarness } from './fund-harness.test-support';
import { DAY_MS } from './rules';
import { plannedRounds } from './schedule';

describe('the planned rounds of a cycle (calendar feed)', () => {
  it('nothing before the first round', () => {
    expect(plannedRounds(new FundHarness().state)).toEqual([]);
  });

  it('the current round as it is, then each remaining recipient one round length later', () => {
    const h = new FundHarness();
    h.activeWith(['anna', 'bruno', 'carla'], 5000, '14d');
    const round = h.state.round!;
    const planned = plannedRounds(h.state);
    expect(planned.map((p) => p.recipientId)).toEqual(h.state.order);
    expect(planned[0]).toMatchObject({ current: true, withdrawalAt: round.withdrawalAt, roundNumber: 1 });
    expect(planned[1]).toMatchObject({
      current: false,
      roundNumber: 2,
      withdrawalAt: round.withdrawalAt + 14 * DAY_MS,
      windowOpensAt: round.withdrawalAt + 7 * DAY_MS,
    });
    expect(planned[2]!.withdrawalAt).toBe(round.withdrawalAt + 28 * DAY_MS);
  });

  it('who has received is not planned again', () => {
    const h = new FundHarness();
    h.activeWith(['anna', 'bruno', 'carla']);
    h.contributeAll('card');
    const first = h.state.round!.recipientId;
    h.distribute();
    const planned = plannedRounds(h.state);
    expect(planned.map((p) => p.recipientId)).not.toContain(first);
    expect(planned.length).toBeLessThanOrEqual(2);
  });
});
