import { describe, expect, it } from 'vitest';
import { repaymentPosting } from '../debts';
import { checkJournal, type LedgerTransaction, memberTotals, totalsByMember } from '../ledger';
import { FundHarness, journalOf } from './fund-harness.test-support';
import { hasContributed } from './rules';

const members = ['ann', 'bob', 'cat', 'dan'];

function running() {
  const h = new FundHarness();
  h.activeWith(members, 5000, '14d');
  h.openWindow();
  const [recipient, p, m, other] = h.state.order as [string, string, string, string];
  return { h, recipient, p, m, other };
}

/** The others pay and the window closes on the one left: an emergency vote about them opens. */
function missTheWindow(h: FundHarness, payers: string[]) {
  for (const userId of payers)
    h.run({ type: 'Contribute', userId, contributionId: `c-${userId}`, method: 'card' });
  h.advance(h.state.round!.withdrawalAt - h.now);
}

/** Every voter of the first open emergency vote chooses to wait: an extension is granted. */
function grantWait(h: FundHarness) {
  const vote = h.state.round!.emergencies[0]!;
  for (const userId of vote.voters) h.run({ type: 'VoteEmergency', userId, voteId: vote.id, choice: 'wait' });
}

describe('covering a member (domain.md, Second wave)', () => {
  it('counts as the covered member’s contribution, paid by the one who covered; one per member and round, whoever pays', () => {
    const { h, p, m, other } = running();
    h.run({ type: 'Contribute', userId: p, contributionId: 'cover', method: 'card', onBehalfOf: m });
    expect(h.state.contributions.find((c) => c.id === 'cover')).toMatchObject({
      contributorId: m,
      paidBy: p,
    });
    expect(hasContributed(h.state, m)).toBe(true);
    expect(hasContributed(h.state, p)).toBe(false);
    expect(h.refusal({ type: 'Contribute', userId: m, contributionId: 'x', method: 'card' })).toBe(
      'ALREADY_CONTRIBUTED',
    );
    expect(
      h.refusal({ type: 'Contribute', userId: other, contributionId: 'x', method: 'paypal', onBehalfOf: m }),
    ).toBe('ALREADY_CONTRIBUTED');
    // The one who covered still pays their own share.
    h.run({ type: 'Contribute', userId: p, contributionId: 'own', method: 'card' });
    expect(hasContributed(h.state, p)).toBe(true);
  });

  it('a cover by hand not yet confirmed gives way to the member paying for themselves, even in the extension', () => {
    const { h, recipient, p, m, other } = running();
    for (const userId of [p, other])
      h.run({ type: 'Contribute', userId, contributionId: `c-${userId}`, method: 'card' });
    h.run({ type: 'Contribute', userId: p, contributionId: 'cash', method: 'manual', onBehalfOf: m });
    // Nobody else covers over it; the recipient has not confirmed it; the window closes.
    expect(
      h.refusal({ type: 'Contribute', userId: other, contributionId: 'x', method: 'card', onBehalfOf: m }),
    ).toBe('ALREADY_CONTRIBUTED');
    h.advance(h.state.round!.withdrawalAt - h.now);
    grantWait(h);
    const events = h.run({ type: 'Contribute', userId: m, contributionId: 'own', method: 'card' });
    expect(events.map((e) => e.type)).toEqual(['CoverSuperseded', 'ContributionMade', 'RoundReady']);
    expect(events[0]).toMatchObject({ contributionId: 'cash', memberId: m, paidBy: p });
    expect(h.state.contributions.filter((c) => c.contributorId === m).map((c) => c.id)).toEqual(['own']);
    expect(h.refusal({ type: 'ConfirmReceipt', userId: recipient, contributionId: 'cash' })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    // Paid late in the extension: the round's strike stays.
    expect(h.state.strikes[m]).toBe(1);
  });

  it('a cover by hand the recipient says never came goes, naming who declared it; another member may cover again', () => {
    const { h, recipient, p, m, other } = running();
    h.run({ type: 'Contribute', userId: p, contributionId: 'cash', method: 'manual', onBehalfOf: m });
    const events = h.run({ type: 'RefuseReceipt', userId: recipient, contributionId: 'cash' });
    expect(events).toEqual([
      { type: 'ReceiptRefused', at: h.now, contributionId: 'cash', memberId: m, paidBy: p },
    ]);
    expect(hasContributed(h.state, m)).toBe(false);
    h.run({ type: 'Contribute', userId: other, contributionId: 'card', method: 'card', onBehalfOf: m });
    expect(h.state.contributions.filter((c) => c.contributorId === m).map((c) => c.paidBy)).toEqual([other]);
  });

  it('a cover by hand is taken back by the one who declared it, not by the member covered', () => {
    const { h, p, m, other } = running();
    h.run({ type: 'Contribute', userId: p, contributionId: 'cash', method: 'manual', onBehalfOf: m });
    expect(h.refusal({ type: 'CancelDeclaration', userId: m, contributionId: 'cash' })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    const events = h.run({ type: 'CancelDeclaration', userId: p, contributionId: 'cash' });
    expect(events).toEqual([
      { type: 'DeclarationCancelled', at: h.now, contributionId: 'cash', memberId: m, paidBy: p },
    ]);
    expect(hasContributed(h.state, m)).toBe(false);
    h.run({ type: 'Contribute', userId: other, contributionId: 'card', method: 'card', onBehalfOf: m });
    expect(h.state.contributions.filter((c) => c.contributorId === m).map((c) => c.paidBy)).toEqual([other]);
  });

  it('a cover by hand made while the vote about the member is open may be taken back then, as it could be made', () => {
    const { h, p, m, other } = running();
    missTheWindow(h, [p, other]);
    h.run({ type: 'Contribute', userId: p, contributionId: 'cash', method: 'manual', onBehalfOf: m });
    expect(h.run({ type: 'CancelDeclaration', userId: p, contributionId: 'cash' })).toEqual([
      { type: 'DeclarationCancelled', at: h.now, contributionId: 'cash', memberId: m, paidBy: p },
    ]);
  });

  it('a declaration of the member’s own, or a cover that counts, still bars paying twice', () => {
    const { h, recipient, p, m, other } = running();
    h.run({ type: 'Contribute', userId: m, contributionId: 'mine', method: 'manual' });
    expect(h.refusal({ type: 'Contribute', userId: m, contributionId: 'x', method: 'card' })).toBe(
      'ALREADY_CONTRIBUTED',
    );
    h.run({ type: 'Contribute', userId: p, contributionId: 'cash', method: 'manual', onBehalfOf: other });
    h.run({ type: 'ConfirmReceipt', userId: recipient, contributionId: 'cash' });
    expect(h.refusal({ type: 'Contribute', userId: other, contributionId: 'y', method: 'card' })).toBe(
      'ALREADY_CONTRIBUTED',
    );
  });

  it('the recipient neither covers nor is covered; nobody outside the rotation covers', () => {
    const { h, recipient, p, m } = running();
    const cover = (userId: string, onBehalfOf: string) =>
      h.refusal({ type: 'Contribute', userId, contributionId: 'x', method: 'card', onBehalfOf });
    expect(cover(recipient, m)).toBe('NOT_ELIGIBLE');
    expect(cover(p, recipient)).toBe('NOT_ELIGIBLE');
    expect(cover('zed', m)).toBe('NOT_ELIGIBLE');
    expect(cover(p, 'zed')).toBe('NOT_ELIGIBLE');
  });

  it('a cover while the vote about a member is open closes the vote and takes back its strike', () => {
    const { h, p, m, other } = running();
    missTheWindow(h, [p, other]);
    expect(h.state.strikes[m]).toBe(1);
    expect(h.state.round!.emergencies.map((v) => v.memberId)).toEqual([m]);
    // Without the vote, the window is closed to the member themselves.
    expect(h.refusal({ type: 'Contribute', userId: m, contributionId: 'late', method: 'card' })).toBe(
      'CONTRIBUTION_WINDOW_CLOSED',
    );
    const events = h.run({
      type: 'Contribute',
      userId: p,
      contributionId: 'cover',
      method: 'paypal',
      onBehalfOf: m,
    });
    expect(events.map((e) => e.type)).toEqual([
      'ContributionMade',
      'EmergencyVoteWithdrawn',
      'StrikeForgiven',
      'RoundReady',
    ]);
    expect(h.state.strikes[m]).toBe(0);
    expect(h.state.round!.emergencies).toEqual([]);
  });

  it('a cover during the extension a vote granted takes back the strike too, once', () => {
    const { h, p, m, other } = running();
    missTheWindow(h, [p, other]);
    grantWait(h);
    expect(Object.keys(h.state.round!.extensions)).toEqual([m]);
    expect(h.state.strikes[m]).toBe(1);
    // By hand: nothing counts until the recipient confirms it; then the strike goes, once.
    h.run({ type: 'Contribute', userId: p, contributionId: 'cover', method: 'manual', onBehalfOf: m });
    expect(h.state.strikes[m]).toBe(1);
    const recipient = h.state.round!.recipientId;
    const events = h.run({ type: 'ConfirmReceipt', userId: recipient, contributionId: 'cover' });
    expect(events.map((e) => e.type)).toEqual(['ContributionConfirmed', 'StrikeForgiven', 'RoundReady']);
    expect(h.state.strikes[m]).toBe(0);
  });

  it('a cover during the second vote, after an extension that ran out, takes back the round’s one strike once', () => {
    const { h, p, m, other } = running();
    missTheWindow(h, [p, other]);
    grantWait(h);
    h.advance(h.state.round!.extensions[m]! - h.now);
    expect(h.state.round!.emergencies.map((v) => [v.memberId, v.allowWait])).toEqual([[m, false]]);
    expect(h.state.strikes[m]).toBe(1);
    h.run({ type: 'Contribute', userId: p, contributionId: 'cover', method: 'card', onBehalfOf: m });
    expect(h.state.strikes[m]).toBe(0);
    expect(h.state.round!.emergencies).toEqual([]);
  });

  it('a cover by card that took the strike back and is then declined gives it back: the member missed after all', () => {
    const { h, p, m, other } = running();
    missTheWindow(h, [p, other]);
    grantWait(h);
    // During the extension: the cover takes the strike back.
    h.run({ type: 'Contribute', userId: p, contributionId: 'cover', method: 'card', onBehalfOf: m });
    expect(h.state.strikes[m]).toBe(0);
    // Declined: the strike comes back with it, and the vote after the extension adds none.
    const events = h.run({ type: 'ContributionPaymentFailed', contributionId: 'cover' });
    expect(events.map((e) => e.type)).toEqual(['ContributionFailed', 'StrikeRestored', 'RoundReopened']);
    expect(h.state.strikes[m]).toBe(1);
    h.advance(h.state.round!.extensions[m]! - h.now);
    expect(h.state.round!.emergencies.map((v) => [v.memberId, v.allowWait])).toEqual([[m, false]]);
    expect(h.state.strikes[m]).toBe(1);
  });

  it('a cover by card that closed the first vote and is then declined: the next vote gives the strike again, once', () => {
    const { h, p, m, other } = running();
    missTheWindow(h, [p, other]);
    h.run({ type: 'Contribute', userId: p, contributionId: 'cover', method: 'card', onBehalfOf: m });
    expect(h.state.strikes[m]).toBe(0);
    const events = h.run({ type: 'ContributionPaymentFailed', contributionId: 'cover' });
    expect(events.map((e) => e.type)).not.toContain('StrikeRestored');
    h.advance(60_000);
    expect(h.state.round!.emergencies.map((v) => v.memberId)).toEqual([m]);
    expect(h.state.strikes[m]).toBe(1);
  });

  it('an expelled member’s round covered by hand and confirmed after the vote is not owed twice', () => {
    const h = new FundHarness();
    h.activeWith(members, 5000, '14d');
    h.contributeAll('card');
    const first = h.state.round!.recipientId;
    h.distribute();
    // Round 2: the first recipient does not pay; another member covers them by hand.
    h.openWindow();
    const round = h.state.round!;
    const payers = members.filter((id) => id !== round.recipientId && id !== first);
    for (const userId of payers)
      h.run({ type: 'Contribute', userId, contributionId: `r2-${userId}`, method: 'card' });
    h.advance(round.withdrawalAt - h.now);
    const coverer = payers[0]!;
    h.run({
      type: 'Contribute',
      userId: coverer,
      contributionId: 'cover',
      method: 'manual',
      onBehalfOf: first,
    });
    const vote = h.state.round!.emergencies[0]!;
    for (const userId of vote.voters)
      h.run({ type: 'VoteEmergency', userId, voteId: vote.id, choice: 'expel' });
    // This round and the two after it, before the cover counts.
    expect(h.state.debts[first]).toBe(3 * 5000);
    h.run({ type: 'ConfirmReceipt', userId: round.recipientId, contributionId: 'cover' });
    expect(h.state.debts[first]).toBe(2 * 5000);
    h.distribute();
    const journal = journalOf(h.events);
    expect(checkJournal(journal)).toEqual([]);
    const owed = (account: string) =>
      journal
        .flatMap((t) => t.entries)
        .filter((e) => e.account === account)
        .reduce((sum, e) => sum + e.amountCents, 0);
    // To the fund for the rounds after this one, and to the one who covered for this one.
    expect(owed(`debt:${first}`)).toBe(2 * 5000);
    expect(owed(`member-payable:${first}`)).toBe(-5000);
  });

  it('paid out, the cover books a debt from the covered member to the one who paid; the journal balances to the cent', () => {
    const { h, p, m, other } = running();
    h.run({ type: 'Contribute', userId: p, contributionId: 'cover', method: 'card', onBehalfOf: m });
    for (const userId of [p, other])
      h.run({ type: 'Contribute', userId, contributionId: `c-${userId}`, method: 'card' });
    h.distribute();
    const journal = journalOf(h.events);
    const debt = journal.find((t) => t.kind === 'member-debt')!;
    expect(debt).toEqual({
      kind: 'member-debt',
      key: 'member-debt:cover',
      entries: [
        { account: `member-receivable:${p}`, userId: p, amountCents: 5000 },
        { account: `member-payable:${m}`, userId: m, amountCents: -5000 },
      ],
    });
    expect(checkJournal(journal, [`round-escrow:fund-1:1:1`])).toEqual([]);
    expect(memberTotals(journal, p).givenCents).toBe(10_000);
    expect(memberTotals(journal, m).givenCents).toBe(0);
  });

  it('a repayment moves the covered contribution from the one who paid it to the covered member, received by nobody', () => {
    const { h, p, m, other } = running();
    h.run({ type: 'Contribute', userId: p, contributionId: 'cover', method: 'card', onBehalfOf: m });
    for (const userId of [p, other])
      h.run({ type: 'Contribute', userId, contributionId: `c-${userId}`, method: 'card' });
    h.distribute();
    const paidOut = journalOf(h.events);
    const repaid = [
      ...paidOut,
      repaymentPosting({
        id: 'cover',
        debtorId: m,
        creditorId: p,
        amountCents: 5000,
        status: 'open',
        repaymentDeclaredAt: null,
      }),
    ];
    expect(checkJournal(repaid)).toEqual([]);
    const given = (journal: LedgerTransaction[]) =>
      [...totalsByMember(journal).values()].reduce((sum, t) => sum + t.givenCents, 0);
    // The family's total is what entered the round, before the repayment and after it.
    expect(given(repaid)).toBe(given(paidOut));
    expect(memberTotals(repaid, p)).toEqual({ givenCents: 5000, receivedCents: 0, balanceCents: -5000 });
    expect(memberTotals(repaid, m)).toEqual({ givenCents: 5000, receivedCents: 0, balanceCents: -5000 });
  });

  it('a covered contribution refunded goes back to whoever paid it', () => {
    const { h, p, m, other } = running();
    h.run({ type: 'Contribute', userId: p, contributionId: 'cover', method: 'paypal', onBehalfOf: m });
    for (const userId of [p, other])
      h.run({ type: 'Contribute', userId, contributionId: `c-${userId}`, method: 'card' });
    h.advance(24 * 3_600_000 + 1); // the recipient has no payout account: the round restarts
    expect(h.state.contributions.find((c) => c.id === 'cover')!.status).toBe('refund_due');
    expect(h.refusal({ type: 'RequestRefund', userId: m, contributionId: 'cover' })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    h.run({ type: 'RequestRefund', userId: p, contributionId: 'cover' });
    h.run({ type: 'RefundCompleted', contributionId: 'cover' });
    const refund = journalOf(h.events).find((t) => t.key === 'refund:cover')!;
    expect(refund.entries).toContainEqual({ account: `refunds:${p}`, userId: p, amountCents: 5000 });
    expect(journalOf(h.events).some((t) => t.kind === 'member-debt')).toBe(false);
  });
});
