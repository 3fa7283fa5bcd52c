import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { isAtRest, RESTING_KEPT, splitResting, withRequest } from './at-rest';
import { decideRequest, REQUEST_ACTIVE_MS } from './decide-request';
import { evolveRequests } from './evolve-request';
import { create, give, given } from './request-harness.test-support';
import type { FundingRequest, RequestCommand, RequestsState } from './request-types';

/** Requests r0…r{n-1}, each created, given to in full by bob (a payout asked for) or cancelled. */
function ended(n: number, end: (id: string) => RequestCommand[]) {
  return given(Array.from({ length: n }, (_, i) => [create(`r${i}`, 'ann'), ...end(`r${i}`)]).flat());
}
const paidOut = (id: string): RequestCommand[] => [
  give(id, 'bob', 10_000),
  { type: 'RequestPayoutOutcome', requestId: id, attempt: 1, ok: true },
];
const cancelled = (id: string): RequestCommand[] => [{ type: 'CancelRequest', requestId: id, userId: 'ann' }];

describe('requests at rest leave the state (ADR 0042)', () => {
  it('an ended request is at rest once its payout is paid, or when it had none', () => {
    const org = given([create('r1', 'ann'), give('r1', 'bob', 10_000), create('r2', 'cat')]);
    expect(isAtRest(org.get('r1'))).toBe(false); // payout asked for
    expect(isAtRest(org.get('r2'))).toBe(false); // active
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 1, ok: false });
    expect(isAtRest(org.get('r1'))).toBe(false); // failed: the owner may retry
    org.when({ type: 'RetryRequestPayout', requestId: 'r1', userId: 'ann' });
    org.when({ type: 'RequestPayoutOutcome', requestId: 'r1', attempt: 2, ok: true });
    expect(isAtRest(org.get('r1'))).toBe(true);
    org.when({ type: 'CancelRequest', requestId: 'r2', userId: 'cat' });
    expect(isAtRest(org.get('r2'))).toBe(true);
  });

  it('keeps the ten newest at rest and everything in play, in order; lets the older go', () => {
    const org = ended(12, paidOut);
    org.when(create('open', 'ann'));
    org.when(create('queued', 'bob'));
    const { kept, archived } = splitResting(org.state);
    expect(archived.map((r) => r.id)).toEqual(['r0', 'r1']);
    expect(kept.requests.map((r) => r.id)).toEqual([
      ...Array.from({ length: RESTING_KEPT }, (_, i) => `r${i + 2}`),
      'open',
      'queued',
    ]);
  });

  it('a state with nothing to let go is returned as it is', () => {
    const org = ended(RESTING_KEPT, cancelled);
    expect(splitResting(org.state).kept).toBe(org.state);
    const unpaid = ended(RESTING_KEPT + 3, (id) => [give(id, 'bob', 10_000)]);
    expect(splitResting(unpaid.state)).toEqual({ kept: unpaid.state, archived: [] });
  });

  it('requests that ended at the same moment stay together', () => {
    const org = ended(RESTING_KEPT + 2, cancelled);
    // r1 ended when r2 did, the tenth newest end: it stays with r2; only r0 goes.
    const at = org.get('r2').endedAt!;
    const state: RequestsState = {
      requests: org.state.requests.map((r) => (r.id === 'r1' ? { ...r, endedAt: at } : r)),
    };
    expect(splitResting(state).archived.map((r) => r.id)).toEqual(['r0']);
    expect(splitResting(org.state).archived.map((r) => r.id)).toEqual(['r0', 'r1']);
  });

  it('a request put back for a command goes back in its place by creation', () => {
    const org = ended(RESTING_KEPT + 1, cancelled);
    const { kept, archived } = splitResting(org.state);
    expect(withRequest(kept, archived[0]).requests).toEqual(org.state.requests);
    expect(withRequest(kept, undefined)).toBe(kept);
    expect(withRequest(org.state, org.get('r3'))).toBe(org.state);
  });
});

const users = ['ann', 'bob', 'cat', 'dan'];

/**
 * A step of an organization's life, chosen against the whole state so that most steps do
 * something: which kind, a pick among the requests it may apply to, a member, an amount, the
 * provider's answer, and the time since the step before. `any` names any request ever created,
 * at rest or not, with any command: the refusals must match too.
 */
const stepArb = fc.record({
  kind: fc.constantFrom('create', 'give', 'conclude', 'cancel', 'outcome', 'retry', 'deadline', 'any'),
  pick: fc.nat(),
  user: fc.constantFrom(...users),
  amountCents: fc.constantFrom(100, 1_000, 2_500, 5_000),
  ok: fc.boolean(),
  anyType: fc.constantFrom(
    'EditRequest' as const,
    'ConcludeRequest' as const,
    'CancelRequest' as const,
    'RetryRequestPayout' as const,
    'ContributeToRequest' as const,
    'RequestPayoutOutcome' as const,
    'RequestContributionPaymentFailed' as const,
  ),
  // Minutes mostly; now and then past an active request's 30 days.
  elapsed: fc.oneof(fc.integer({ min: 0, max: 3_600_000 }), fc.constant(REQUEST_ACTIVE_MS + 1)),
});
type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

const contributing = (
  requestId: string,
  userId: string,
  amountCents: number,
  contributionId: string,
): RequestCommand => ({ type: 'ContributeToRequest', requestId, userId, contributionId, amountCents });

function commandFor(step: Step, whole: RequestsState, n: number): RequestCommand | null {
  const among = (filter: (r: FundingRequest) => boolean) => {
    const list = whole.requests.filter(filter);
    return list.length === 0 ? null : list[step.pick % list.length]!;
  };
  const contribution = `c${n}`;
  switch (step.kind) {
    case 'create': {
      const ownerId = users.find((u) => !whole.requests.some((r) => r.ownerId === u && !r.endedAt));
      if (!ownerId) return null;
      return create(`r${n}`, ownerId, 5_000);
    }
    case 'give': {
      const r = among((x) => x.status === 'active');
      const userId = users.find((u) => u !== r?.ownerId)!;
      return r && contributing(r.id, userId, step.amountCents, contribution);
    }
    case 'conclude':
    case 'cancel': {
      const r = among((x) => x.status === 'active' || (step.kind === 'cancel' && x.status === 'pending'));
      const type = step.kind === 'cancel' ? 'CancelRequest' : 'ConcludeRequest';
      return r && { type, requestId: r.id, userId: r.ownerId };
    }
    case 'outcome': {
      const r = among((x) => x.payout?.status === 'pending');
      return (
        r && { type: 'RequestPayoutOutcome', requestId: r.id, attempt: r.payout!.attempt ?? 1, ok: step.ok }
      );
    }
    case 'retry': {
      const r = among((x) => x.payout?.status === 'failed');
      return r && { type: 'RetryRequestPayout', requestId: r.id, userId: r.ownerId };
    }
    case 'deadline':
      return { type: 'RequestDeadlinePassed' };
    case 'any': {
      const r = among(() => true);
      if (!r) return null;
      const requestId = r.id;
      switch (step.anyType) {
        case 'EditRequest':
          return { type: step.anyType, requestId, userId: step.user, title: 'Another title' };
        case 'ContributeToRequest':
          return contributing(requestId, step.user, step.amountCents, contribution);
        case 'RequestPayoutOutcome':
          return { type: step.anyType, requestId, attempt: 1, ok: step.ok };
        case 'RequestContributionPaymentFailed':
          return { type: step.anyType, requestId, contributionId: r.contributions[0]?.id ?? contribution };
        default:
          return { type: step.anyType, requestId, userId: step.user };
      }
    }
  }
}

describe('a state that lets requests at rest go decides as the whole state would', () => {
  it('every command answers the same, given back the archived request it names', () => {
    let mostArchived = 0;
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 100, maxLength: 250 }), (steps) => {
        let whole: RequestsState = { requests: [] };
        let kept: RequestsState = { requests: [] };
        const archive = new Map<string, FundingRequest>();
        let now = Date.UTC(2026, 0, 1);
        for (const [n, step] of steps.entries()) {
          now += step.elapsed;
          const command = commandFor(step, whole, n);
          if (!command) continue;
          const named = 'requestId' in command ? archive.get(command.requestId) : undefined;
          const seen = withRequest(kept, named);
          const fromWhole = decideRequest(whole, command, now);
          const fromKept = decideRequest(seen, command, now);
          expect(fromKept).toEqual(fromWhole);
          if (fromWhole instanceof DomainError) continue;
          whole = fromWhole.reduce(evolveRequests, whole);
          const split = splitResting(fromWhole.reduce(evolveRequests, seen));
          for (const r of split.archived) archive.set(r.id, r);
          kept = split.kept;
          // Nothing lost, nothing in play let go, and the state stays small.
          const byId = (list: FundingRequest[]) => [...list].sort((x, y) => x.id.localeCompare(y.id));
          expect(byId([...kept.requests, ...archive.values()])).toEqual(byId(whole.requests));
          const resting = kept.requests.filter(isAtRest).map((r) => r.endedAt!);
          for (const r of archive.values()) {
            expect(isAtRest(r)).toBe(true);
            expect(resting.every((end) => r.endedAt! < end)).toBe(true);
          }
          expect(new Set(resting).size).toBeLessThanOrEqual(RESTING_KEPT);
        }
        mostArchived = Math.max(mostArchived, archive.size);
      }),
      { numRuns: 300 },
    );
    // The lives generated reach past the ten kept (else the property proves nothing).
    expect(mostArchived).toBeGreaterThan(5);
  });
});
