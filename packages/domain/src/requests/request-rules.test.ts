import { describe, expect, it } from 'vitest';
import { balances, checkJournal, memberTotals } from '../ledger';
import { nextRequestDeadline, queuePosition, REQUEST_ACTIVE_MS } from './decide-request';
import { create, give, given } from './request-harness.test-support';

describe('funding requests: bounds (title 3–120, description up to 2,000, target €1.00–€50,000.00)', () => {
  it.each([
    ['abc', 'x'.repeat(2000), 100],
    ['x'.repeat(120), '', 5_000_000],
    ['  ab c  ', '', 100],
  ])('accepts title %j, a description of the limit and target %i', (title, description, targetCents) => {
    const org = given([]);
    const result = org.when({
      type: 'CreateRequest',
      requestId: 'r',
      ownerId: 'a',
      title,
      description,
      targetCents,
    });
    expect(Array.isArray(result)).toBe(true);
  });

  it('a message of 280 characters is fine, 281 is refused', () => {
    const org = given([create('r', 'ann')]);
    expect(org.when(give('r', 'bob', 100, 'x'.repeat(281)))).toBe('INVALID_REQUEST');
    org.when(give('r', 'bob', 100, 'x'.repeat(280)));
    expect(org.get('r').contributions[0]!.message).toHaveLength(280);
  });

  it('a contribution of a fraction of a cent is an invalid amount', () => {
    const org = given([create('r', 'ann')]);
    expect(org.when(give('r', 'bob', 150.5))).toBe('INVALID_AMOUNT');
  });
});

describe('funding requests: one active per organization, FIFO queue, one open request per owner', () => {
  it('the owner of a completed request may open another; it queues behind older ones', () => {
    const org = given([create('r1', 'ann', 100), create('r2', 'bob'), give('r1', 'cat', 100)]);
    expect(org.get('r1').status).toBe('completed');
    expect(org.get('r2').status).toBe('active');
    org.when(create('r3', 'ann'));
    expect(queuePosition(org.state, 'r3')).toBe(1);
    expect(queuePosition(org.state, 'r2')).toBeNull();
  });

  it('cancelling the active request refunds its escrow and activates the oldest pending one for 30 days', () => {
    const org = given([
      create('r1', 'ann'),
      create('r2', 'bob'),
      create('r3', 'cat'),
      give('r1', 'dan', 2500),
    ]);
    org.when({ type: 'CancelRequest', requestId: 'r1', userId: 'ann' });
    expect(org.get('r1').status).toBe('cancelled');
    expect(org.get('r2')).toMatchObject({ status: 'active' });
    expect(org.get('r2').expiresAt! - org.get('r2').activatedAt!).toBe(REQUEST_ACTIVE_MS);
    expect(org.get('r3').status).toBe('pending');
    expect(memberTotals(org.journal, 'dan').givenCents).toBe(0);
    expect(checkJournal(org.journal, ['request-escrow:r1'])).toEqual([]);
  });

  it('cancelling a pending request leaves the active one alone; only the owner cancels', () => {
    const org = given([create('r1', 'ann'), create('r2', 'bob')]);
    expect(org.when({ type: 'CancelRequest', requestId: 'r2', userId: 'ann' })).toBe('NOT_REQUEST_OWNER');
    org.when({ type: 'CancelRequest', requestId: 'r2', userId: 'bob' });
    expect(org.get('r2').status).toBe('cancelled');
    expect(org.get('r1').status).toBe('active');
  });

  it('expiry: 30 days after activation, paid out minus the fee; the deadline is what the worker asks for', () => {
    const org = given([create('r1', 'ann'), give('r1', 'bob', 4000)]);
    const expiresAt = nextRequestDeadline(org.state)!;
    expect(expiresAt).toBe(org.get('r1').activatedAt! + REQUEST_ACTIVE_MS);
    expect(org.when(give('r1', 'cat', 100), expiresAt)).toBe('REQUEST_NOT_ACTIVE');
    org.when({ type: 'RequestDeadlinePassed' }, expiresAt);
    expect(org.get('r1')).toMatchObject({
      status: 'expired',
      endedAt: expiresAt,
      payout: { grossCents: 4000, feeCents: 150, netCents: 3850 },
    });
    // The hold stays on the card until the payout captures it.
    expect(balances(org.journal).get('request-escrow:r1')).toBe(4000);
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 1, ok: true }, expiresAt);
    expect(balances(org.journal).get('request-escrow:r1')).toBe(0);
    expect(balances(org.journal).get('provider-held:card')).toBe(0);
    expect(nextRequestDeadline(org.state)).toBeNull();
  });
});

describe('funding requests: edits by status', () => {
  it('nobody but the owner edits; an ended request is not edited', () => {
    const org = given([create('r1', 'ann', 100)]);
    expect(org.when({ type: 'EditRequest', requestId: 'r1', userId: 'bob', title: 'Mine now' })).toBe(
      'NOT_REQUEST_OWNER',
    );
    org.when(give('r1', 'bob', 100));
    expect(org.when({ type: 'EditRequest', requestId: 'r1', userId: 'ann', title: 'Later' })).toBe(
      'REQUEST_CLOSED',
    );
  });

  it('an edit keeps the bounds, and the description may change while active', () => {
    const org = given([create('r1', 'ann')]);
    expect(org.when({ type: 'EditRequest', requestId: 'r1', userId: 'ann', title: 'no' })).toBe(
      'INVALID_REQUEST',
    );
    org.when({ type: 'EditRequest', requestId: 'r1', userId: 'ann', description: 'For the roof' });
    expect(org.get('r1').description).toBe('For the roof');
  });
});
