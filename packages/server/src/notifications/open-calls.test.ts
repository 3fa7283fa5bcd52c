import type { FundState } from '@giro/domain/fund/fund-types';
import { describe, expect, it } from 'vitest';
import { isCallStillOpen } from './open-calls';

const state = (fields: Partial<FundState>) =>
  ({ participants: ['ann', 'bob'], acknowledged: [], dateVotes: {}, ...fields }) as FundState;

describe('a call to act is open only for whom it asks', () => {
  it('the date vote and the dismissal ask the participants who have not answered; one who left, nothing', () => {
    const dateVoting = state({ phase: 'date_voting', dateVotes: { ann: '14d' } as FundState['dateVotes'] });
    expect(isCallStillOpen('fund_activated', dateVoting, 'bob')).toBe(true);
    expect(isCallStillOpen('fund_activated', dateVoting, 'ann')).toBe(false);
    expect(isCallStillOpen('fund_activated', dateVoting, 'cat')).toBe(false);
    const dismissal = state({ phase: 'dismissal_acknowledgment', acknowledged: ['ann'] });
    expect(isCallStillOpen('dismissal_to_acknowledge', dismissal, 'bob')).toBe(true);
    expect(isCallStillOpen('dismissal_to_acknowledge', dismissal, 'ann')).toBe(false);
    expect(isCallStillOpen('dismissal_to_acknowledge', dismissal, 'cat')).toBe(false);
  });

  it('cash to confirm: open for the recipient while that declaration waits; one naming none, while any waits', () => {
    const cash = (id: string, status: string) => ({ id, status, cycleNumber: 1, roundNumber: 2 });
    const round = (contributions: ReturnType<typeof cash>[]) =>
      state({
        cycleNumber: 1,
        round: { number: 2, recipientId: 'ann' } as FundState['round'],
        contributions: contributions as FundState['contributions'],
      });
    const both = round([cash('c1', 'declared'), cash('c2', 'declared')]);
    const one = round([cash('c1', 'confirmed'), cash('c2', 'declared')]);
    const none = round([cash('c1', 'confirmed')]);
    const open = (s: FundState, userId: string, contributionId?: string) =>
      isCallStillOpen('receipt_to_confirm', s, userId, { contributionId });
    expect(open(both, 'ann', 'c1')).toBe(true);
    expect(open(one, 'ann', 'c1')).toBe(false);
    expect(open(one, 'ann', 'c2')).toBe(true);
    // Gone from the round (refused, taken back): closed.
    expect(open(none, 'ann', 'c2')).toBe(false);
    // Not the recipient's: closed.
    expect(open(both, 'bob', 'c1')).toBe(false);
    // One from before stop 77 names no declaration: open while any waits.
    expect(open(one, 'ann')).toBe(true);
    expect(open(none, 'ann')).toBe(false);
  });
});
