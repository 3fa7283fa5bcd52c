import { describe, expect, it } from 'vitest';
import { balances, checkJournal, memberTotals } from '../ledger';
import { evolveRequests } from './evolve-request';
import { create, give, given } from './request-harness.test-support';
import { requestPostings } from './request-postings';
import type { RequestCommand } from './request-types';

describe('funding requests: payment methods and declined payments', () => {
  it('a contribution keeps its method (card when not given)', () => {
    const org = given([create('r1', 'ann'), give('r1', 'bob', 500)]);
    org.when({ ...give('r1', 'cat', 700), method: 'paypal' } as RequestCommand);
    expect(org.get('r1').contributions.map((c) => c.method)).toEqual(['card', 'paypal']);
  });

  it('a declined payment is taken back while active: the amount is open again and the booking reversed', () => {
    const org = given([create('r1', 'ann', 1000), give('r1', 'bob', 600)]);
    const contributionId = org.get('r1').contributions[0]!.id;
    org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId });
    expect(org.get('r1').contributions[0]!.failed).toBe(true);
    expect(memberTotals(org.journal, 'bob').givenCents).toBe(0);
    expect(org.when(give('r1', 'cat', 1000))).not.toBe('AMOUNT_OVER_REMAINING');
    expect(org.get('r1').status).toBe('completed');
    expect(org.get('r1').payout).toMatchObject({ grossCents: 1000 });
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 1, ok: true });
    expect(checkJournal(org.journal, ['request-escrow:r1'])).toEqual([]);
  });

  it('a declined payment is not taken back twice, nor once the request is paid out', () => {
    const org = given([create('r1', 'ann', 1000), give('r1', 'bob', 400)]);
    const contributionId = org.get('r1').contributions[0]!.id;
    org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId });
    expect(org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    org.when(give('r1', 'cat', 1000));
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 1, ok: true });
    const last = org.get('r1').contributions[1]!.id;
    expect(
      org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId: last }),
    ).toBe('REQUEST_NOT_ACTIVE');
  });

  it('a card hold that fails after the end is taken back; the payout fails at its capture and the retry pays what is held', () => {
    const org = given([create('r1', 'ann', 1000), give('r1', 'bob', 600), give('r1', 'cat', 400)]);
    expect(org.get('r1')).toMatchObject({
      status: 'completed',
      payout: { grossCents: 1000, status: 'pending' },
    });
    const [held, unconfirmed] = org.get('r1').contributions.map((c) => c.id) as [string, string];
    // cat never confirmed the hold with their bank: it fails after the request completed.
    org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId: unconfirmed });
    // The payout is what is still held from now on, so any retry asks for that.
    const fee = org.get('r1').payout!.feeCents;
    expect(org.get('r1').payout).toMatchObject({ status: 'pending', grossCents: 600, netCents: 600 - fee });
    // The attempt under way asked for the hold that failed: it fails at that capture.
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 1, ok: false, captured: [held] });
    expect(org.get('r1').payout).toMatchObject({ status: 'failed', grossCents: 600 });
    org.when({ type: 'RetryRequestPayout', requestId: 'r1', userId: 'ann' });
    expect(org.get('r1').payout).toMatchObject({
      status: 'pending',
      attempt: 2,
      grossCents: 600,
      netCents: 600 - fee,
    });
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 2, ok: true });
    expect(checkJournal(org.journal, ['request-escrow:r1'])).toEqual([]);
    expect(memberTotals(org.journal, 'cat').givenCents).toBe(0);
    expect(memberTotals(org.journal, 'ann').receivedCents).toBe(600 - fee);
  });

  it('a cancel refunds only what is held, not a declined payment', () => {
    const org = given([create('r1', 'ann', 5000), give('r1', 'bob', 600), give('r1', 'cat', 700)]);
    const declined = org.get('r1').contributions[0]!.id;
    org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId: declined });
    const events = org.when({ type: 'CancelRequest', requestId: 'r1', userId: 'ann' });
    expect(
      Array.isArray(events) && events.filter((e) => e.type === 'RequestContributionRefunded'),
    ).toHaveLength(1);
    expect(balances(org.journal).get('request-escrow:r1')).toBe(0);
  });
});

describe('funding requests: the payout to the owner, attempt by attempt', () => {
  const paidOut = () => given([create('r1', 'ann', 1000), give('r1', 'bob', 1000)]);
  const outcome = (ok: boolean, attempt = 1, captured?: string[]): RequestCommand => ({
    type: 'RequestPayoutOutcome',
    requestId: 'r1',
    attempt,
    ok,
    ...(captured ? { captured } : {}),
  });

  it('a payout succeeds once: paid, and a late repeat of the answer changes nothing', () => {
    const org = paidOut();
    expect(org.get('r1').payout).toMatchObject({ status: 'pending', attempt: 1, netCents: 925 });
    org.when(outcome(true));
    expect(org.get('r1').payout?.status).toBe('paid');
    expect(org.when(outcome(false))).toEqual([]);
    expect(memberTotals(org.journal, 'ann').receivedCents).toBe(925);
  });

  it('a failed payout books nothing but its captures: the money waits until the owner retries', () => {
    const org = paidOut();
    org.when(outcome(false));
    expect(org.get('r1').payout?.status).toBe('failed');
    expect(memberTotals(org.journal, 'ann').receivedCents).toBe(0);
    expect(balances(org.journal).get('request-escrow:r1')).toBe(1000);
    expect(org.when({ type: 'RetryRequestPayout', requestId: 'r1', userId: 'bob' })).toBe(
      'NOT_REQUEST_OWNER',
    );
    org.when({ type: 'RetryRequestPayout', requestId: 'r1', userId: 'ann' });
    expect(org.get('r1').payout).toMatchObject({ status: 'pending', attempt: 2 });
    expect(org.when(outcome(false, 1))).toEqual([]); // an answer to the old attempt
    org.when(outcome(true, 2));
    expect(memberTotals(org.journal, 'ann').receivedCents).toBe(925);
    expect(checkJournal(org.journal, ['request-escrow:r1'])).toEqual([]);
  });

  it('a payout that fails after capturing a hold books it at the card provider; the retry pays from there', () => {
    const org = given([create('r1', 'ann', 1000), give('r1', 'bob', 600)]);
    org.when({ ...give('r1', 'cat', 400), method: 'paypal' } as RequestCommand);
    const [card] = org.get('r1').contributions;
    // PayPal is on the platform's PayPal balance from the start; the card hold is in escrow.
    expect(balances(org.journal).get('provider-held:paypal')).toBe(400);
    expect(balances(org.journal).get('request-escrow:r1')).toBe(600);
    org.when(outcome(false, 1, [card!.id, 'not-a-hold']));
    expect(balances(org.journal).get('request-escrow:r1')).toBe(0);
    expect(balances(org.journal).get('provider-held:card')).toBe(600);
    expect(org.get('r1').contributions.map((c) => c.captured)).toEqual([true, true]);
    expect(memberTotals(org.journal, 'ann').receivedCents).toBe(0);
    org.when({ type: 'RetryRequestPayout', requestId: 'r1', userId: 'ann' });
    org.when(outcome(true, 2));
    const b = balances(org.journal);
    expect([b.get('provider-held:card'), b.get('provider-held:paypal'), b.get('request-escrow:r1')]).toEqual([
      0, 0, 0,
    ]);
    expect(org.journal.filter((t) => t.kind === 'request-capture')).toHaveLength(2);
    expect(memberTotals(org.journal, 'ann').receivedCents).toBe(925);
    expect(checkJournal(org.journal, ['request-escrow:r1'])).toEqual([]);
  });

  it('a payout asked for before stop 29 keeps the booking it had: reversed whole on failure, booked again on retry', () => {
    const org = paidOut();
    const legacy = structuredClone(org.state);
    delete legacy.requests[0]!.payout!.bookedWhenPaid;
    const failed = requestPostings(legacy, {
      type: 'RequestPayoutSettled',
      at: 0,
      requestId: 'r1',
      attempt: 1,
      ok: false,
      captured: [legacy.requests[0]!.contributions[0]!.id],
    });
    expect(failed.map((t) => t.key)).toEqual(['request-payout:r1:failed']);
    const retried = requestPostings(legacy, {
      type: 'RequestPayoutRetried',
      at: 0,
      requestId: 'r1',
      attempt: 2,
    });
    expect(retried.map((t) => t.key)).toEqual(['request-payout:r1:2']);
    expect(
      evolveRequests(legacy, {
        type: 'RequestPayoutSettled',
        at: 0,
        requestId: 'r1',
        attempt: 1,
        ok: false,
        captured: ['r1-bob-1000'],
      }).requests[0]!.contributions[0]!.captured,
    ).toBeUndefined();
  });

  it('only a failed payout is retried', () => {
    const org = paidOut();
    expect(org.when({ type: 'RetryRequestPayout', requestId: 'r1', userId: 'ann' })).toBe(
      'CANNOT_WITHDRAW_NOW',
    );
  });
});

describe('funding requests: a card hold captured before it expires (ADR 0048)', () => {
  it('is booked at the provider once; the payout then pays it from there with the rest', () => {
    const org = given([create('r1', 'ann', 1000), give('r1', 'bob', 400)]);
    const early = org.get('r1').contributions[0]!.id;
    org.when({ type: 'RequestHoldCaptured', requestId: 'r1', contributionId: early });
    expect(org.get('r1').contributions[0]!.captured).toBe(true);
    expect(org.when({ type: 'RequestHoldCaptured', requestId: 'r1', contributionId: early })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    org.when(give('r1', 'cat', 600));
    expect(org.get('r1').status).toBe('completed');
    const late = org.get('r1').contributions[1]!.id;
    // Ended, its payout not yet made: a hold is still captured before it expires.
    org.when({ type: 'RequestHoldCaptured', requestId: 'r1', contributionId: late });
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 1, ok: true });
    expect(checkJournal(org.journal, ['request-escrow:r1'])).toEqual([]);
    const captures = org.journal.filter((t) => t.kind === 'request-capture').map((t) => t.key);
    expect(captures).toEqual([`request-capture:${early}`, `request-capture:${late}`]);
    expect(balances(org.journal).get('provider-held:card') ?? 0).toBe(0);
    // Paid out: nothing is held any more.
    expect(org.when({ type: 'RequestHoldCaptured', requestId: 'r1', contributionId: late })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
  });

  it('cancelled after an early capture, the money is refunded from the provider balance', () => {
    const org = given([create('r1', 'ann', 1000), give('r1', 'bob', 400)]);
    const held = org.get('r1').contributions[0]!.id;
    org.when({ type: 'RequestHoldCaptured', requestId: 'r1', contributionId: held });
    org.when({ type: 'CancelRequest', requestId: 'r1', userId: 'ann' });
    const refund = org.journal.find((t) => t.key === `request-refund:${held}`)!;
    expect(refund.entries[0]).toMatchObject({ account: 'provider-held:card', amountCents: -400 });
    expect(checkJournal(org.journal, ['request-escrow:r1'])).toEqual([]);
    expect(balances(org.journal).get('provider-held:card') ?? 0).toBe(0);
  });

  it('only a card hold that is still held: not PayPal, not a declined one', () => {
    const org = given([create('r1', 'ann', 1000), give('r1', 'bob', 400)]);
    org.when({ ...give('r1', 'cat', 300), method: 'paypal' } as RequestCommand);
    const [card, paypal] = org.get('r1').contributions;
    expect(org.when({ type: 'RequestHoldCaptured', requestId: 'r1', contributionId: paypal!.id })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId: card!.id });
    expect(org.when({ type: 'RequestHoldCaptured', requestId: 'r1', contributionId: card!.id })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
  });
});
