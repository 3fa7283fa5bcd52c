import { DomainError } from '../errors';
import { netPayout } from '../money';
import { Draft, fail } from './request-draft';
import { decidePayment } from './request-payments';
import type { FundingRequest, RequestCommand, RequestEvent, RequestsState } from './request-types';

export const REQUEST_TITLE_MIN = 3;
export const REQUEST_TITLE_MAX = 120;
export const REQUEST_DESCRIPTION_MAX = 2000;
export const REQUEST_TARGET_MIN_CENTS = 100;
export const REQUEST_TARGET_MAX_CENTS = 5_000_000;
export const REQUEST_MESSAGE_MAX = 280;
export const REQUEST_CONTRIBUTION_MIN_CENTS = 100;
export const REQUEST_ACTIVE_MS = 30 * 24 * 3_600_000;

/** The contributions whose money is in the request's escrow: neither refunded nor declined. */
export const heldContributions = (r: FundingRequest) =>
  r.contributions.filter((c) => !c.refunded && !c.failed);

export const collectedCents = (r: FundingRequest) =>
  heldContributions(r).reduce((sum, c) => sum + c.amountCents, 0);

/** The queue position of a pending request (1 = next), or null. */
export function queuePosition(state: RequestsState, requestId: string): number | null {
  const pending = state.requests
    .filter((r) => r.status === 'pending')
    .sort((a, b) => a.createdAt - b.createdAt);
  const index = pending.findIndex((r) => r.id === requestId);
  return index === -1 ? null : index + 1;
}

function checkText(title: string, description: string, targetCents: number) {
  const titleLength = [...title.trim()].length;
  if (titleLength < REQUEST_TITLE_MIN || titleLength > REQUEST_TITLE_MAX) fail('INVALID_REQUEST');
  if ([...description].length > REQUEST_DESCRIPTION_MAX) fail('INVALID_REQUEST');
  if (
    !Number.isSafeInteger(targetCents) ||
    targetCents < REQUEST_TARGET_MIN_CENTS ||
    targetCents > REQUEST_TARGET_MAX_CENTS
  ) {
    fail('INVALID_AMOUNT');
  }
}

/**
 * The end of an active request (completed, concluded, expired): the collected money minus the fee
 * goes to the owner, or back to the contributors when the fee would eat it all; then the next
 * pending request activates. Cancel refunds everything.
 */
function end(
  d: Draft,
  request: FundingRequest,
  status: 'completed' | 'concluded' | 'expired' | 'cancelled',
  at: number,
) {
  const wasActive = request.status === 'active';
  d.emit({ type: 'RequestEnded', at, requestId: request.id, status });
  const gross = collectedCents(request);
  const payout = status === 'cancelled' || gross === 0 ? null : netPayout(gross);
  if (payout) {
    d.emit({ type: 'RequestPaidOut', at, requestId: request.id, grossCents: gross, ...payout });
  } else {
    for (const c of heldContributions(request)) {
      d.emit({ type: 'RequestContributionRefunded', at, requestId: request.id, contributionId: c.id });
    }
  }
  if (wasActive) activateNext(d, at);
}

function activateNext(d: Draft, at: number) {
  if (d.state.requests.some((r) => r.status === 'active')) return;
  const next = d.state.requests
    .filter((r) => r.status === 'pending')
    .sort((a, b) => a.createdAt - b.createdAt)[0];
  if (next) d.emit({ type: 'RequestActivated', at, requestId: next.id, expiresAt: at + REQUEST_ACTIVE_MS });
}

function expireDue(d: Draft, now: number) {
  for (;;) {
    const due = d.state.requests.find(
      (r) => r.status === 'active' && r.expiresAt !== null && r.expiresAt <= now,
    );
    if (!due) return;
    end(d, due, 'expired', due.expiresAt!);
  }
}

/** The earliest expiry among active requests, for the deadline worker. */
export function nextRequestDeadline(state: RequestsState): number | null {
  const active = state.requests.find((r) => r.status === 'active');
  return active?.expiresAt ?? null;
}

export function decideRequest(
  state: RequestsState,
  command: RequestCommand,
  now: number,
): RequestEvent[] | DomainError {
  const d = new Draft(state);
  try {
    expireDue(d, now);
    const find = (id: string) => d.state.requests.find((r) => r.id === id) ?? fail('REQUEST_NOT_FOUND');
    switch (command.type) {
      case 'RequestDeadlinePassed':
        break;
      case 'CreateRequest': {
        if (
          d.state.requests.some(
            (r) => r.ownerId === command.ownerId && (r.status === 'pending' || r.status === 'active'),
          )
        ) {
          fail('REQUEST_ALREADY_OPEN');
        }
        checkText(command.title, command.description, command.targetCents);
        d.emit({
          type: 'RequestCreated',
          at: now,
          request: {
            id: command.requestId,
            ownerId: command.ownerId,
            title: command.title.trim(),
            description: command.description.trim(),
            targetCents: command.targetCents,
          },
        });
        activateNext(d, now);
        break;
      }
      case 'EditRequest': {
        const r = find(command.requestId);
        if (r.ownerId !== command.userId) fail('NOT_REQUEST_OWNER');
        if (r.status !== 'pending' && r.status !== 'active') fail('REQUEST_CLOSED');
        if (
          command.targetCents !== undefined &&
          command.targetCents !== r.targetCents &&
          r.status !== 'pending'
        )
          fail('REQUEST_NOT_ACTIVE');
        const title = command.title ?? r.title;
        const description = command.description ?? r.description;
        const targetCents = command.targetCents ?? r.targetCents;
        checkText(title, description, targetCents);
        d.emit({
          type: 'RequestEdited',
          at: now,
          requestId: r.id,
          title: title.trim(),
          description: description.trim(),
          targetCents,
        });
        break;
      }
      case 'ContributeToRequest': {
        const r = find(command.requestId);
        if (r.status !== 'active') fail('REQUEST_NOT_ACTIVE');
        if (r.ownerId === command.userId) fail('OWN_REQUEST');
        const remaining = r.targetCents - collectedCents(r);
        // The whole remainder is always accepted, even under the minimum (a request left short
        // before the rule below), so none stays open for want of a few cents.
        if (
          !Number.isSafeInteger(command.amountCents) ||
          (command.amountCents < REQUEST_CONTRIBUTION_MIN_CENTS && command.amountCents !== remaining)
        )
          fail('INVALID_AMOUNT');
        if (command.amountCents > remaining) fail('AMOUNT_OVER_REMAINING');
        // What it leaves is 0 or at least the minimum: a request €0.50 short could never be
        // completed (less than €1 is refused) and held the queue until it expired.
        if (
          command.amountCents !== remaining &&
          remaining - command.amountCents < REQUEST_CONTRIBUTION_MIN_CENTS
        )
          fail('AMOUNT_LEAVES_TOO_LITTLE');
        const message = command.message?.trim() || null;
        if (message && [...message].length > REQUEST_MESSAGE_MAX) fail('INVALID_REQUEST');
        d.emit({
          type: 'RequestContributed',
          at: now,
          requestId: r.id,
          contribution: {
            id: command.contributionId,
            contributorId: command.userId,
            amountCents: command.amountCents,
            method: command.method ?? 'card',
            message,
            at: now,
            refunded: false,
          },
        });
        const updated = find(r.id);
        if (collectedCents(updated) === updated.targetCents) end(d, updated, 'completed', now);
        break;
      }
      case 'ConcludeRequest': {
        const r = find(command.requestId);
        if (r.ownerId !== command.userId) fail('NOT_REQUEST_OWNER');
        if (r.status !== 'active') fail('REQUEST_NOT_ACTIVE');
        end(d, r, 'concluded', now);
        break;
      }
      case 'RequestContributionPaymentFailed':
      case 'RequestHoldCaptured':
      case 'RequestPayoutOutcome':
      case 'RetryRequestPayout':
        decidePayment(d, command, now);
        break;
      case 'CancelRequest': {
        const r = find(command.requestId);
        if (r.ownerId !== command.userId) fail('NOT_REQUEST_OWNER');
        if (r.status !== 'pending' && r.status !== 'active') fail('REQUEST_CLOSED');
        end(d, r, 'cancelled', now);
        break;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  return d.events;
}
