import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { balances, checkJournal, type LedgerTransaction, memberTotals } from '../ledger';
import { decideRequest, nextRequestDeadline, queuePosition, REQUEST_ACTIVE_MS } from './decide-request';
import { evolveRequests } from './evolve-request';
import { requestPostings } from './request-postings';
import type { RequestCommand, RequestsState } from './request-types';

const T0 = Date.UTC(2026, 0, 1);

/** Given commands (each a minute apart), the state and journal they lead to. */
function given(commands: RequestCommand[]) {
  let state: RequestsState = { requests: [] };
  const journal: LedgerTransaction[] = [];
  let now = T0;
  const run = (command: RequestCommand) => {
    const result = decideRequest(state, command, now);
    if (result instanceof DomainError) return result.code;
    for (const event of result) {
      journal.push(...requestPostings(state, event));
      state = evolveRequests(state, event);
    }
    return result;
  };
  for (const command of commands) {
    now += 60_000;
    const result = run(command);
    if (typeof result === 'string') throw new Error(`given command refused: ${result}`);
  }
  return {
    get state() {
      return state;
    },
    journal,
    get: (id: string) => state.requests.find((r) => r.id === id)!,
    when: (command: RequestCommand, at = now + 60_000) => {
      now = at;
      return run(command);
    },
  };
}

const create = (requestId: string, ownerId: string, targetCents = 10_000): RequestCommand => ({
  type: 'CreateRequest',
  requestId,
  ownerId,
  title: `Request ${requestId}`,
  description: '',
  targetCents,
});
const give = (requestId: string, userId: string, amountCents: number, message?: string): RequestCommand => ({
  type: 'ContributeToRequest',
  requestId,
  userId,
  contributionId: `${requestId}-${userId}-${amountCents}`,
  amountCents,
  ...(message === undefined ? {} : { message }),
});

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
    expect(balances(org.journal).get('request-escrow:r1')).toBe(0);
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
    expect(checkJournal(org.journal, ['request-escrow:r1'])).toEqual([]);
  });

  it('a declined payment is not taken back twice, nor after the request ended', () => {
    const org = given([create('r1', 'ann', 1000), give('r1', 'bob', 400)]);
    const contributionId = org.get('r1').contributions[0]!.id;
    org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId });
    expect(org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId })).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    org.when(give('r1', 'cat', 1000));
    const last = org.get('r1').contributions[1]!.id;
    expect(
      org.when({ type: 'RequestContributionPaymentFailed', requestId: 'r1', contributionId: last }),
    ).toBe('REQUEST_NOT_ACTIVE');
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
  const outcome = (ok: boolean, attempt = 1): RequestCommand => ({
    type: 'RequestPayoutOutcome',
    requestId: 'r1',
    attempt,
    ok,
  });

  it('a payout succeeds once: paid, and a late repeat of the answer changes nothing', () => {
    const org = paidOut();
    expect(org.get('r1').payout).toMatchObject({ status: 'pending', attempt: 1, netCents: 925 });
    org.when(outcome(true));
    expect(org.get('r1').payout?.status).toBe('paid');
    expect(org.when(outcome(false))).toEqual([]);
    expect(memberTotals(org.journal, 'ann').receivedCents).toBe(925);
  });

  it('a failed payout is reversed in the ledger: the money waits in escrow until the owner retries', () => {
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

  it('only a failed payout is retried', () => {
    const org = paidOut();
    expect(org.when({ type: 'RetryRequestPayout', requestId: 'r1', userId: 'ann' })).toBe(
      'CANNOT_WITHDRAW_NOW',
    );
  });
});
