import fc from 'fast-check';
import type { DomainError } from '../errors';
import { splitResting, withRequest } from './at-rest';
import { decideRequest, REQUEST_ACTIVE_MS } from './decide-request';
import { evolveRequests } from './evolve-request';
import { create } from './request-harness.test-support';
import { holdCapturable } from './request-payments';
import type { FundingRequest, RequestCommand, RequestEvent, RequestsState } from './request-types';

/** The members of the organizations these lives play. */
export const lifeMembers = ['ann', 'bob', 'cat', 'dan'];

/**
 * A step of an organization's life, chosen against the whole state so that most steps do
 * something: which kind, a pick among the requests it may apply to, a member, an amount, the
 * provider's answer, and the time since the step before. `any` names any request ever created,
 * at rest or not, with any command: the refusals must match too.
 */
const stepArb = fc.record({
  kind: fc.constantFrom(
    'create',
    'give',
    'conclude',
    'cancel',
    'outcome',
    'retry',
    'deadline',
    'any',
    'fail',
    'capture',
  ),
  pick: fc.nat(),
  user: fc.constantFrom(...lifeMembers),
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
    'RequestHoldCaptured' as const,
  ),
  // Minutes mostly; now and then past an active request's 30 days.
  elapsed: fc.oneof(fc.integer({ min: 0, max: 3_600_000 }), fc.constant(REQUEST_ACTIVE_MS + 1)),
});
type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

/** Lives long enough to let requests go: most reach past the overview's newest ten moments. */
export const lifeArb = fc.array(stepArb, { minLength: 100, maxLength: 250 });

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
      const ownerId = lifeMembers.find((u) => !whole.requests.some((r) => r.ownerId === u && !r.endedAt));
      if (!ownerId) return null;
      return create(`r${n}`, ownerId, 5_000);
    }
    case 'give': {
      const r = among((x) => x.status === 'active');
      const userId = lifeMembers.find((u) => u !== r?.ownerId)!;
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
    case 'fail': {
      // The provider declines a contribution of the active request (its moment leaves the timeline).
      const r = among((x) => x.status === 'active' && x.contributions.some((c) => !c.failed && !c.refunded));
      const c = r?.contributions.find((x) => !x.failed && !x.refunded);
      return r && c
        ? { type: 'RequestContributionPaymentFailed', requestId: r.id, contributionId: c.id }
        : null;
    }
    case 'capture': {
      // A card hold captured early, before it expires (ADR 0048), while the request may take it.
      const r = among((x) => x.contributions.some((c) => holdCapturable(x, c)));
      const c = r?.contributions.find((x) => holdCapturable(r, x));
      return r && c ? { type: 'RequestHoldCaptured', requestId: r.id, contributionId: c.id } : null;
    }
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
        case 'RequestHoldCaptured':
          return { type: step.anyType, requestId, contributionId: r.contributions[0]?.id ?? contribution };
        default:
          return { type: step.anyType, requestId, userId: step.user };
      }
    }
  }
}

/** One step of a life as the server plays it: the whole state beside the kept one and its archive. */
export interface LifeStep {
  command: RequestCommand;
  /** The whole state's answer, and the kept state's with the request the command names put back. */
  fromWhole: RequestEvent[] | DomainError;
  fromKept: RequestEvent[] | DomainError;
  whole: RequestsState;
  kept: RequestsState;
  archive: ReadonlyMap<string, FundingRequest>;
}

/**
 * Plays a life twice, on the whole state (every request kept, as before ADR 0042) and as the
 * server does (the kept state, a command naming a request let go deciding on it put back, the
 * state split after each change), calling `check` after each step with both.
 */
export function playLife(steps: Step[], check: (step: LifeStep) => void): { archived: number } {
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
    if (Array.isArray(fromWhole) && Array.isArray(fromKept)) {
      whole = fromWhole.reduce(evolveRequests, whole);
      const split = splitResting(fromKept.reduce(evolveRequests, seen));
      for (const r of split.archived) archive.set(r.id, r);
      kept = split.kept;
    }
    check({ command, fromWhole, fromKept, whole, kept, archive });
  }
  return { archived: archive.size };
}
