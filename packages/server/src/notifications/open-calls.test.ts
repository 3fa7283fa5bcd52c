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
});
