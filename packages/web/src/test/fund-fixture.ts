import type { ContributionView, FundView } from '@giro/contract/fund';

type Round = NonNullable<FundView['round']>;

/** A payment of the first round, as the round's contributions list it: u1's €50 to u2, declared by hand. */
export function testContribution(overrides: Partial<ContributionView> = {}): ContributionView {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    contributorId: 'u1',
    paidBy: null,
    recipientId: 'u2',
    amountCents: 5000,
    method: 'manual',
    status: 'declared',
    cycleNumber: 1,
    roundNumber: 1,
    at: '2030-01-10T00:00:00.000Z',
    ...overrides,
  };
}

/** A fund view for component tests: three members, voting open, overridable piece by piece. */
export function testFund(overrides: Partial<FundView> = {}): FundView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    status: 'voting',
    phase: 'voting',
    cycleNumber: 1,
    votingRound: 1,
    phaseDeadline: '2030-01-02T00:00:00.000Z',
    members: [
      { id: 'u1', displayName: 'Anna Bianchi' },
      { id: 'u2', displayName: 'Marco Rossi' },
      { id: 'u3', displayName: 'Sara Verdi' },
    ],
    voters: ['u1', 'u2', 'u3'],
    votedBy: [],
    votes: null,
    participants: [],
    finalAmountCents: null,
    confirmations: {},
    dismissal: null,
    acknowledged: [],
    restartVotes: [],
    commitment: 'c'.repeat(64),
    nonce: null,
    seed: null,
    order: [],
    drawnOrder: [],
    swaps: [],
    swapHistory: [],
    dateVotes: {},
    dateOptions: ['7d1h', '14d', '21d', '28d'],
    roundLength: null,
    round: null,
    currentRecipientId: null,
    nextRecipientId: null,
    received: [],
    strikes: {},
    expelled: [],
    debts: {},
    cancelReason: null,
    historyCount: 0,
    ...overrides,
  };
}

export function testRound(overrides: Partial<Round> = {}): Round {
  return {
    number: 1,
    recipientId: 'u2',
    state: 'collecting',
    startsAt: '2020-01-01T00:00:00.000Z',
    windowOpensAt: '2020-01-08T00:00:00.000Z',
    withdrawalAt: '2030-01-15T00:00:00.000Z',
    readyAt: null,
    recipientTimeoutAt: null,
    payoutFailed: false,
    skipped: [],
    extensions: {},
    expectedContributors: ['u1', 'u3'],
    contributedBy: [],
    totalCollectedCents: 0,
    expectedTotalCents: 10_000,
    payout: { grossCents: 0, feeCents: 0, netCents: 0, paypalNetCents: 0, manualCents: 0 },
    emergencies: [],
    ...overrides,
  };
}

/** An emergency vote on u3's missed contribution, u1 and u2 to vote, the wait still allowed. */
export function testEmergencyVote(
  overrides: Partial<Round['emergencies'][number]> = {},
): Round['emergencies'][number] {
  return {
    id: 'v1',
    memberId: 'u3',
    allowWait: true,
    deadline: '2030-01-16T00:00:00.000Z',
    votes: {},
    voters: ['u1', 'u2'],
    memberStrikes: 1,
    memberAtRisk: false,
    ...overrides,
  };
}

/** A fund collecting its first round: u2 receives, u1 and u3 pay €50.00, the window open. */
export function testCollectingFund(round: Partial<Round> = {}, overrides: Partial<FundView> = {}): FundView {
  return testFund({
    status: 'active',
    phase: 'collecting',
    participants: ['u1', 'u2', 'u3'],
    order: ['u2', 'u3', 'u1'],
    finalAmountCents: 5000,
    currentRecipientId: 'u2',
    nextRecipientId: 'u3',
    round: testRound(round),
    ...overrides,
  });
}
