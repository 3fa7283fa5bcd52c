import { describe, expect, it } from 'vitest';
import { evolve } from './fund/evolve';
import { FundHarness } from './fund/fund-harness.test-support';
import type { FundEvent, FundState } from './fund/fund-types';
import { fundPostings } from './fund/postings';
import {
  auditJournal,
  checkJournal,
  type LedgerTransaction,
  ledgerAccount,
  memberTotals,
  totalsByMember,
} from './ledger';
import { platformFeeCents } from './money';
import { checkInvariants } from './simulation/invariants';

const escrow = 'round-escrow:f:1:1';

describe('ledger: double entry', () => {
  it('flags an unbalanced transaction, a duplicate key and escrow left in a closed round', () => {
    const journal: LedgerTransaction[] = [
      {
        kind: 'contribution',
        key: 'a',
        entries: [
          { account: 'funding:u', userId: 'u', amountCents: -500 },
          { account: escrow, userId: null, amountCents: 500 },
        ],
      },
      {
        kind: 'contribution',
        key: 'a',
        entries: [
          { account: 'funding:u', userId: 'u', amountCents: -500 },
          { account: escrow, userId: null, amountCents: 499 },
        ],
      },
    ];
    expect(checkJournal(journal, [escrow]).map((p) => p.problem)).toEqual([
      'unbalanced',
      'duplicate key',
      'escrow left: 999',
    ]);
  });

  it('totals: given less refunds, received, balance', () => {
    const journal: LedgerTransaction[] = [
      {
        kind: 'contribution',
        key: 'a',
        entries: [
          { account: ledgerAccount.funding('u'), userId: 'u', amountCents: -500 },
          { account: escrow, userId: null, amountCents: 500 },
        ],
      },
      {
        kind: 'refund',
        key: 'b',
        entries: [
          { account: escrow, userId: null, amountCents: -500 },
          { account: ledgerAccount.refunds('u'), userId: 'u', amountCents: 500 },
        ],
      },
    ];
    expect(memberTotals(journal, 'u')).toEqual({ givenCents: 0, receivedCents: 0, balanceCents: 0 });
  });
});

/** Plays a harness and keeps the postings of every event. */
function withJournal(h: FundHarness) {
  const journal: LedgerTransaction[] = [];
  let state: FundState = h.state;
  return {
    journal,
    record(events: FundEvent[]) {
      for (const event of events) {
        journal.push(...fundPostings(state, event));
        state = evolve(state, event);
      }
    },
  };
}

describe('fund postings', () => {
  it('a round paid by card and PayPal: escrow ends at zero, the recipient gets gross − fee, the fee is booked', () => {
    const h = new FundHarness();
    const ledger = withJournal(h);
    h.activeWith(['ann', 'bob', 'cat'], 5000, '14d');
    ledger.record(h.events.splice(0));
    h.contributeAll('paypal');
    h.distribute();
    ledger.record(h.events.splice(0));
    const recipient = h.state.received[0]!.recipientId;
    const round = `round-escrow:fund-1:1:1`;
    expect(checkJournal(ledger.journal, [round])).toEqual([]);
    expect(memberTotals(ledger.journal, recipient).receivedCents).toBe(10000 - platformFeeCents(10000));
    const fees = ledger.journal.flatMap((t) => t.entries).filter((e) => e.account === 'platform:fees');
    expect(fees.reduce((s, e) => s + e.amountCents, 0)).toBe(300);
  });

  it('card: authorized (held) at contribution, nothing moves; captured at distribution into escrow and paid out', () => {
    const h = new FundHarness();
    const ledger = withJournal(h);
    h.activeWith(['ann', 'bob', 'cat'], 5000, '14d');
    h.contributeAll('card');
    ledger.record(h.events.splice(0));
    expect(ledger.journal).toEqual([]);
    h.distribute();
    ledger.record(h.events.splice(0));
    expect(ledger.journal.map((t) => t.kind)).toEqual(['contribution', 'contribution', 'payout']);
    expect(checkJournal(ledger.journal, ['round-escrow:fund-1:1:1'])).toEqual([]);
  });

  it('manual: no money through the platform and no fee; it is booked once the recipient confirms', () => {
    const h = new FundHarness();
    const ledger = withJournal(h);
    h.activeWith(['ann', 'bob'], 5000, '14d');
    h.contributeAll('manual');
    ledger.record(h.events.splice(0));
    expect(ledger.journal).toEqual([]);
    const round = h.state.round!;
    const [declared] = h.state.contributions;
    h.run({ type: 'ConfirmReceipt', userId: round.recipientId, contributionId: declared!.id });
    h.distribute();
    ledger.record(h.events.splice(0));
    expect(memberTotals(ledger.journal, round.recipientId).receivedCents).toBe(5000);
    expect(ledger.journal.flatMap((t) => t.entries).some((e) => e.account === 'platform:fees')).toBe(false);
  });

  it('the invariant checker catches money that appears from nowhere', () => {
    const h = new FundHarness();
    const forged: LedgerTransaction = {
      kind: 'payout',
      key: 'x',
      entries: [{ account: 'payout:ann', userId: 'ann', amountCents: 100 }],
    };
    expect(checkInvariants(h.state, [forged], h.now, () => false)).toEqual([
      'ledger: x unbalanced',
      'money in 0 ≠ out + escrow 100',
    ]);
  });
});

describe('ledger: journal check', () => {
  const move = (
    key: string,
    from: string,
    to: string,
    amountCents: number,
    user = 'u',
  ): LedgerTransaction => ({
    kind: 'test',
    key,
    entries: [
      {
        account: from,
        userId: from.includes(':') && !from.startsWith('round') ? user : null,
        amountCents: -amountCents,
      },
      { account: to, userId: to.includes(':') && !to.startsWith('round') ? user : null, amountCents },
    ],
  });

  it('flags an overdrawn escrow and a member account booked for someone else', () => {
    const wrongUser: LedgerTransaction = {
      kind: 'contribution',
      key: 'w',
      entries: [
        { account: ledgerAccount.funding('ann'), userId: 'bob', amountCents: -100 },
        { account: escrow, userId: null, amountCents: 100 },
      ],
    };
    const overdraw = move('o', escrow, ledgerAccount.payout('u'), 500);
    expect(checkJournal([wrongUser, overdraw]).map((p) => p.problem)).toEqual([
      'funding:ann booked for bob',
      'escrow overdrawn: -400',
    ]);
  });

  it('balances per member: given, received, balance and debt from the ledger alone', () => {
    const journal = [
      move('c1', ledgerAccount.funding('ann'), escrow, 5000, 'ann'),
      move('c2', ledgerAccount.funding('bob'), escrow, 5000, 'bob'),
      {
        kind: 'payout',
        key: 'p',
        entries: [
          { account: escrow, userId: null, amountCents: -10000 },
          { account: ledgerAccount.payout('cat'), userId: 'cat', amountCents: 9700 },
          { account: ledgerAccount.platformFees, userId: null, amountCents: 300 },
        ],
      },
      {
        kind: 'debt',
        key: 'd',
        entries: [
          { account: ledgerAccount.debt('bob'), userId: 'bob', amountCents: 5000 },
          { account: ledgerAccount.debtOffset('f'), userId: null, amountCents: -5000 },
        ],
      },
    ];
    const { problems, members } = auditJournal(journal, [escrow]);
    expect(problems).toEqual([]);
    expect(members.get('ann')).toEqual({
      givenCents: 5000,
      receivedCents: 0,
      balanceCents: -5000,
      debtCents: 0,
    });
    expect(members.get('bob')).toMatchObject({ givenCents: 5000, debtCents: 5000 });
    expect(members.get('cat')).toEqual({
      givenCents: 0,
      receivedCents: 9700,
      balanceCents: 9700,
      debtCents: 0,
    });
    for (const [userId, totals] of totalsByMember(journal)) {
      const { givenCents, receivedCents, balanceCents } = memberTotals(journal, userId);
      expect(totals).toMatchObject({ givenCents, receivedCents, balanceCents });
    }
  });
});
