import { describe, expect, it } from 'vitest';
import { evolve } from './fund/evolve';
import { days, FundHarness } from './fund/fund-harness.test-support';
import type { FundEvent, FundState } from './fund/fund-types';
import { fundPostings } from './fund/postings';
import {
  auditJournal,
  balances,
  checkJournal,
  type LedgerTransaction,
  ledgerAccount,
  memberTotals,
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

  it('card captured before a payout failed: booked as held at the card provider, paid out from there on retry', () => {
    const h = new FundHarness();
    const ledger = withJournal(h);
    h.activeWith(['ann', 'bob', 'cat'], 5000, '14d');
    h.contributeAll('card');
    const recipient = h.state.round!.recipientId;
    const [first, second] = h.state.contributions;
    h.payoutAccounts.add(recipient);
    h.run({ type: 'Withdraw', userId: recipient });
    // The provider captured the first hold, then the transfer failed; an unknown id is ignored.
    h.run({ type: 'DistributionFailed', captured: [first!.id, 'not-of-this-round'] });
    ledger.record(h.events.splice(0));
    const held = ledgerAccount.providerHeld('card');
    expect(ledger.journal).toEqual([
      {
        kind: 'contribution',
        key: `contribution:${first!.id}`,
        entries: [
          {
            account: ledgerAccount.funding(first!.contributorId),
            userId: first!.contributorId,
            amountCents: -5000,
          },
          { account: held, userId: null, amountCents: 5000 },
        ],
      },
    ]);
    expect(h.state.contributions.map((c) => c.status)).toEqual(['captured', 'authorized']);
    expect(checkInvariants(h.state, h.history, ledger.journal, h.now, () => true)).toEqual([]);

    h.run({ type: 'Withdraw', userId: recipient });
    h.run({ type: 'DistributionSucceeded' });
    ledger.record(h.events.splice(0));
    // Only the hold still on a card is captured now; the whole gross leaves the provider's balance.
    expect(ledger.journal.map((t) => t.key)).toEqual([
      `contribution:${first!.id}`,
      `contribution:${second!.id}`,
      'payout:fund-1:1:1',
    ]);
    expect(ledger.journal[2]!.entries).toContainEqual({ account: held, userId: null, amountCents: -10000 });
    expect(checkJournal(ledger.journal)).toEqual([]);
    expect(balances(ledger.journal).get(held)).toBe(0);
    expect(memberTotals(ledger.journal, recipient).receivedCents).toBe(10000 - platformFeeCents(10000));
  });

  it('PayPal is held at its provider from the contribution; a captured payment refunded leaves it from there', () => {
    const h = new FundHarness();
    const ledger = withJournal(h);
    h.activeWith(['ann', 'bob', 'cat'], 5000, '14d');
    h.contributeAll('paypal');
    ledger.record(h.events.splice(0));
    expect(balances(ledger.journal).get(ledgerAccount.providerHeld('paypal'))).toBe(10000);
    // No payout account: after 24 h the round's contributions are due back.
    h.advance(days(1));
    for (const c of h.state.contributions.filter((x) => x.status === 'refund_due')) {
      h.run({ type: 'RequestRefund', userId: c.contributorId, contributionId: c.id });
      h.run({ type: 'RefundCompleted', contributionId: c.id });
    }
    ledger.record(h.events.splice(0));
    expect(balances(ledger.journal).get(ledgerAccount.providerHeld('paypal'))).toBe(0);
    expect(ledger.journal.filter((t) => t.kind === 'refund')).toHaveLength(2);
    expect(checkInvariants(h.state, h.history, ledger.journal, h.now, () => false)).toEqual([]);
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
    expect(checkInvariants(h.state, h.history, [forged], h.now, () => false)).toEqual([
      'ledger: x unbalanced',
      'money in 0 ≠ out + escrow + held 100',
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

  it('flags an overdrawn escrow or provider balance and a member account booked for someone else', () => {
    const wrongUser: LedgerTransaction = {
      kind: 'contribution',
      key: 'w',
      entries: [
        { account: ledgerAccount.funding('ann'), userId: 'bob', amountCents: -100 },
        { account: escrow, userId: null, amountCents: 100 },
      ],
    };
    const overdraw = move('o', escrow, ledgerAccount.payout('u'), 500);
    const paidFromNothing: LedgerTransaction = {
      kind: 'payout',
      key: 'p',
      entries: [
        { account: ledgerAccount.providerHeld('card'), userId: null, amountCents: -300 },
        { account: ledgerAccount.payout('u'), userId: 'u', amountCents: 300 },
      ],
    };
    expect(checkJournal([wrongUser, overdraw, paidFromNothing]).map((p) => p.problem)).toEqual([
      'funding:ann booked for bob',
      'escrow overdrawn: -400',
      'provider balance overdrawn: -300',
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
  });
});
