import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { balances, checkJournal, type LedgerTransaction, memberTotals } from '../ledger';
import { platformFeeCents } from '../money';
import { collectedCents, decideRequest, queuePosition, REQUEST_ACTIVE_MS } from './decide-request';
import { evolveRequests } from './evolve-request';
import { requestPostings } from './request-postings';
import type { RequestCommand, RequestsState } from './request-types';

class Org {
  state: RequestsState = { requests: [] };
  journal: LedgerTransaction[] = [];
  now = Date.UTC(2026, 0, 1);
  run(command: RequestCommand) {
    const result = decideRequest(this.state, command, this.now);
    if (result instanceof DomainError) throw result;
    for (const event of result) {
      this.journal.push(...requestPostings(this.state, event));
      this.state = evolveRequests(this.state, event);
    }
    return result;
  }
  refusal(command: RequestCommand) {
    const result = decideRequest(this.state, command, this.now);
    if (!(result instanceof DomainError)) throw new Error('expected a refusal');
    return result.code;
  }
  create(id: string, ownerId: string, targetCents = 10000) {
    this.now += 1000;
    return this.run({
      type: 'CreateRequest',
      requestId: id,
      ownerId,
      title: `Request ${id}`,
      description: '',
      targetCents,
    });
  }
  get(id: string) {
    return this.state.requests.find((r) => r.id === id)!;
  }
}

describe('funding requests: queue and single active request', () => {
  it('the first request activates at once for 30 days; later ones queue FIFO with their position', () => {
    const org = new Org();
    org.create('r1', 'ann');
    org.create('r2', 'bob');
    org.create('r3', 'cat');
    expect(org.get('r1')).toMatchObject({
      status: 'active',
      expiresAt: org.get('r1').activatedAt! + REQUEST_ACTIVE_MS,
    });
    expect(queuePosition(org.state, 'r2')).toBe(1);
    expect(queuePosition(org.state, 'r3')).toBe(2);
  });

  it('a member owns at most one pending or active request', () => {
    const org = new Org();
    org.create('r1', 'ann');
    expect(
      org.refusal({
        type: 'CreateRequest',
        requestId: 'r2',
        ownerId: 'ann',
        title: 'Again',
        description: '',
        targetCents: 500,
      }),
    ).toBe('REQUEST_ALREADY_OPEN');
  });

  it.each([
    ['ab', '', 1000, 'INVALID_REQUEST'],
    ['x'.repeat(121), '', 1000, 'INVALID_REQUEST'],
    ['Fine', 'x'.repeat(2001), 1000, 'INVALID_REQUEST'],
    ['Fine', '', 99, 'INVALID_AMOUNT'],
    ['Fine', '', 5_000_001, 'INVALID_AMOUNT'],
  ])('title %j, description of %#, target %i: %s', (title, description, targetCents, code) => {
    expect(
      new Org().refusal({
        type: 'CreateRequest',
        requestId: 'r',
        ownerId: 'a',
        title,
        description,
        targetCents,
      }),
    ).toBe(code);
  });
});

describe('funding requests: contributions', () => {
  it('anyone but the owner gives from €1.00 up to what remains; reaching the target completes and pays out minus the fee', () => {
    const org = new Org();
    org.create('r1', 'ann', 10000);
    org.create('r2', 'bob');
    expect(
      org.refusal({
        type: 'ContributeToRequest',
        requestId: 'r1',
        userId: 'ann',
        contributionId: 'c0',
        amountCents: 500,
      }),
    ).toBe('OWN_REQUEST');
    expect(
      org.refusal({
        type: 'ContributeToRequest',
        requestId: 'r1',
        userId: 'bob',
        contributionId: 'c0',
        amountCents: 99,
      }),
    ).toBe('INVALID_AMOUNT');
    org.run({
      type: 'ContributeToRequest',
      requestId: 'r1',
      userId: 'bob',
      contributionId: 'c1',
      amountCents: 6000,
      message: 'Forza!',
    });
    expect(
      org.refusal({
        type: 'ContributeToRequest',
        requestId: 'r1',
        userId: 'cat',
        contributionId: 'c2',
        amountCents: 4001,
      }),
    ).toBe('AMOUNT_OVER_REMAINING');
    expect(
      org.refusal({
        type: 'ContributeToRequest',
        requestId: 'r2',
        userId: 'cat',
        contributionId: 'c2',
        amountCents: 100,
      }),
    ).toBe('REQUEST_NOT_ACTIVE');
    org.run({
      type: 'ContributeToRequest',
      requestId: 'r1',
      userId: 'cat',
      contributionId: 'c2',
      amountCents: 4000,
    });
    expect(org.get('r1').status).toBe('completed');
    expect(org.get('r2').status).toBe('active');
    // Booked when the provider confirms the payout, not when it is asked for.
    expect(memberTotals(org.journal, 'ann').receivedCents).toBe(0);
    org.run({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 1, ok: true });
    expect(memberTotals(org.journal, 'ann').receivedCents).toBe(10000 - platformFeeCents(10000));
    expect(checkJournal(org.journal, ['request-escrow:r1'])).toEqual([]);
  });

  it('a contribution gives all that remains or leaves at least €1: a request is never left short by less than any gift', () => {
    const org = new Org();
    org.create('r1', 'ann', 1050);
    const give = (contributionId: string, amountCents: number) => ({
      type: 'ContributeToRequest' as const,
      requestId: 'r1',
      userId: 'bob',
      contributionId,
      amountCents,
    });
    // €10.00 of €10.50 would leave €0.50, which nobody could give.
    expect(org.refusal(give('c1', 1000))).toBe('AMOUNT_LEAVES_TOO_LITTLE');
    expect(org.refusal(give('c1', 1001))).toBe('AMOUNT_LEAVES_TOO_LITTLE');
    org.run(give('c1', 950));
    expect(org.refusal(give('c2', 99))).toBe('INVALID_AMOUNT');
    org.run(give('c2', 100));
    expect(org.get('r1').status).toBe('completed');
    // A request left short before this rule: its whole remainder is accepted, even under €1.
    const short = new Org();
    short.create('r1', 'ann', 1050);
    short.state = {
      requests: short.state.requests.map((r) => ({
        ...r,
        contributions: [
          {
            id: 'old',
            contributorId: 'cat',
            amountCents: 1000,
            method: 'card',
            message: null,
            at: short.now,
            refunded: false,
          },
        ],
      })),
    };
    expect(short.refusal(give('c3', 49))).toBe('INVALID_AMOUNT');
    short.run(give('c3', 50));
    expect(short.get('r1').status).toBe('completed');
  });

  it('the owner may conclude early; expiry after 30 days pays out too and activates the next', () => {
    const org = new Org();
    org.create('r1', 'ann');
    org.create('r2', 'bob');
    org.run({
      type: 'ContributeToRequest',
      requestId: 'r1',
      userId: 'cat',
      contributionId: 'c1',
      amountCents: 2000,
    });
    expect(org.refusal({ type: 'ConcludeRequest', requestId: 'r1', userId: 'cat' })).toBe(
      'NOT_REQUEST_OWNER',
    );
    org.run({ type: 'ConcludeRequest', requestId: 'r1', userId: 'ann' });
    expect(org.get('r1')).toMatchObject({
      status: 'concluded',
      payout: { grossCents: 2000, feeCents: 100, netCents: 1900 },
    });
    org.now += REQUEST_ACTIVE_MS;
    org.run({ type: 'RequestDeadlinePassed' });
    expect(org.get('r2').status).toBe('expired');
  });

  it('cancel is owner-only and irreversible; money in escrow is refunded', () => {
    const org = new Org();
    org.create('r1', 'ann');
    org.run({
      type: 'ContributeToRequest',
      requestId: 'r1',
      userId: 'bob',
      contributionId: 'c1',
      amountCents: 3000,
    });
    org.run({ type: 'CancelRequest', requestId: 'r1', userId: 'ann' });
    expect(org.get('r1').status).toBe('cancelled');
    expect(memberTotals(org.journal, 'bob').givenCents).toBe(0);
    expect(balances(org.journal).get('request-escrow:r1')).toBe(0);
    expect(org.refusal({ type: 'CancelRequest', requestId: 'r1', userId: 'ann' })).toBe('REQUEST_CLOSED');
  });

  it('edits: title and description while pending or active, the target only while pending', () => {
    const org = new Org();
    org.create('r1', 'ann');
    org.create('r2', 'bob');
    org.run({ type: 'EditRequest', requestId: 'r1', userId: 'ann', title: 'New title' });
    expect(org.refusal({ type: 'EditRequest', requestId: 'r1', userId: 'ann', targetCents: 999 })).toBe(
      'REQUEST_NOT_ACTIVE',
    );
    org.run({ type: 'EditRequest', requestId: 'r2', userId: 'bob', targetCents: 999 });
    expect(org.get('r2').targetCents).toBe(999);
  });

  it('property: whatever the contributions, collected never exceeds the target and the ledger balances', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20000 }), { maxLength: 30 }),
        fc.boolean(),
        (amounts, cancel) => {
          const org = new Org();
          org.create('r', 'owner', 25000);
          amounts.forEach((amountCents, i) => {
            try {
              org.run({
                type: 'ContributeToRequest',
                requestId: 'r',
                userId: `u${i}`,
                contributionId: `c${i}`,
                amountCents,
              });
            } catch {
              // refused: nothing changes
            }
          });
          if (cancel && org.get('r').status === 'active')
            org.run({ type: 'CancelRequest', requestId: 'r', userId: 'owner' });
          const request = org.get('r');
          const collected = collectedCents(request);
          expect(collected).toBeLessThanOrEqual(25000);
          expect(checkJournal(org.journal)).toEqual([]);
          // Card holds stay in escrow until a payout captures them (ADR 0030): an open request, or
          // one that reached its target, holds every one; one cancelled has released them all.
          const escrow = balances(org.journal).get('request-escrow:r') ?? 0;
          if (request.status === 'cancelled') expect(escrow).toBe(0);
          else {
            expect(['active', 'completed']).toContain(request.status);
            expect(escrow).toBe(collected);
          }
        },
      ),
      // Reaching the target exactly is rare among random amounts: CI found it once; always run it.
      { examples: [[[12925, 5237, 1453, 1560, 3825], false]] },
    );
  });
});
