import { heldContributions } from '@giro/domain/requests/decide-request';
import type { FundingRequest, RequestEvent, RequestsState } from '@giro/domain/requests/request-types';
import type { DbOrTx } from '../../db/client';
import type { NewNotification } from '../../db/notification.repository';
import { displayNameOf } from '../../db/user.repository';
import { deliverNotifications } from '../../notifications/deliver-notifications';
import {
  cardReturnUrl,
  enqueueCharge,
  enqueuePayment,
  enqueueRefund,
  paypalShare,
} from '../../payments/payment-operations';

/** One payout operation per attempt; the attempt is read back from it when the outcome arrives. */
export const payoutSubject = (requestId: string, attempt: number) =>
  attempt === 1 ? `request-payout:${requestId}` : `request-payout:${requestId}:${attempt}`;
export const attemptOf = (subject: string) => Number(subject.split(':')[2] ?? 1);

/**
 * What an ended request's payout pays its owner: the net, and the part of it that came through
 * PayPal (paid to the owner's PayPal email, under one key for every attempt).
 */
export function ownerPayout(request: FundingRequest) {
  const payout = request.payout!;
  const paypalGross = heldContributions(request)
    .filter((c) => c.method === 'paypal')
    .reduce((sum, c) => sum + c.amountCents, 0);
  return {
    recipientId: request.ownerId,
    netCents: payout.netCents,
    ...paypalShare(payout, paypalGross, `paypal-payout:request:${request.id}`),
  };
}

export interface RequestEffectInput {
  organizationId: string;
  after: RequestsState;
  events: readonly RequestEvent[];
  memberIds: readonly string[];
  /**
   * A member on their way out in this transaction (a leave, an expulsion): told nothing more of
   * the family's requests, and their own, activated here only to be cancelled with the leave, is
   * announced to nobody (cancel-own-requests.ts).
   */
  leaving?: string;
  /** The payment method the caller chose for a contribution in this command. */
  paymentMethodId: string | null;
  now: Date;
  /** For the links in notification emails. */
  publicUrl: string;
}

/**
 * What request events cause outside the requests, in the same transaction: the payment
 * operations (charge a contribution, pay the owner out, refund a contributor), sent by the
 * outbox, and the notices (activation to every member, completion, a contribution that did not
 * go through to its payer, a payout that did not to its owner). Returns how many notifications it created.
 */
export async function applyRequestEffects(tx: DbOrTx, input: RequestEffectInput): Promise<number> {
  const { organizationId, after, now } = input;
  const notes: NewNotification[] = [];
  const find = (id: string) => after.requests.find((r) => r.id === id)!;
  const refunded = new Set<string>();
  // A cancel refunds every contributor of one request: its owner's name is read once.
  const ownerNames = new Map<string, string | undefined>();
  const ownerNameOf = async (ownerId: string) => {
    if (!ownerNames.has(ownerId)) ownerNames.set(ownerId, await displayNameOf(tx, ownerId));
    return ownerNames.get(ownerId);
  };
  for (const event of input.events) {
    const target = { type: 'request', id: 'request' in event ? event.request.id : event.requestId } as const;
    switch (event.type) {
      case 'RequestContributed': {
        const c = event.contribution;
        // PayPal is captured before it is recorded: its charge is the operation recording it.
        if (c.method === 'paypal') break;
        await enqueueCharge(
          tx,
          {
            organizationId,
            target,
            contributionId: c.id,
            payerId: c.contributorId,
            amountCents: c.amountCents,
            method: c.method ?? 'card',
            paymentMethodId: input.paymentMethodId,
            returnUrl: cardReturnUrl(input.publicUrl),
          },
          now,
        );
        break;
      }
      case 'RequestPaidOut':
      case 'RequestPayoutRetried': {
        const request = find(event.requestId);
        const attempt = event.type === 'RequestPaidOut' ? 1 : event.attempt;
        const payout = ownerPayout(request);
        // Card money is only held until now: the payout captures it first (once per contribution),
        // unless it was captured before (early, ADR 0048, or by an attempt that failed).
        const captures = heldContributions(request)
          .filter((c) => (c.method ?? 'card') === 'card' && !c.captured)
          .map((c) => c.id);
        await enqueuePayment(
          tx,
          {
            organizationId,
            subject: payoutSubject(request.id, attempt),
            userId: request.ownerId,
            amountCents: payout.netCents,
            request: { kind: 'payout', target, captures, ...payout },
          },
          now,
        );
        break;
      }
      case 'RequestContributionRefunded': {
        const request = find(event.requestId);
        const c = request.contributions.find((x) => x.id === event.contributionId)!;
        // Its payer learns why the money comes back, once for all they gave to this request.
        if (!refunded.has(`${request.id}/${c.contributorId}`)) {
          refunded.add(`${request.id}/${c.contributorId}`);
          const ownerName = await ownerNameOf(request.ownerId);
          notes.push({
            userId: c.contributorId,
            type: 'request_contribution_refunded',
            ...(ownerName ? { data: { memberName: ownerName } } : {}),
          });
        }
        await enqueueRefund(
          tx,
          {
            organizationId,
            target,
            contributionId: c.id,
            payerId: c.contributorId,
            amountCents: c.amountCents,
            method: c.method ?? 'card',
          },
          now,
        );
        break;
      }
      case 'RequestEnded': {
        if (event.status !== 'completed') break;
        const request = find(event.requestId);
        // Those whose gift counts (a declined one was told already that it did not) and who are
        // still members: the family's Requests, where it leads, is closed to one who left.
        const contributors = request.contributions
          .filter((c) => !c.failed && !c.refunded)
          .map((c) => c.contributorId)
          .filter((id) => input.memberIds.includes(id));
        for (const userId of new Set([request.ownerId, ...contributors]))
          notes.push({ userId, type: 'request_completed' });
        break;
      }
      case 'RequestPayoutSettled': {
        // A failed payout waits for the owner's retry; without a word they learnt it only by
        // opening Requests. One with nothing left to pay asks nothing of them (at-rest.ts).
        const request = find(event.requestId);
        if (!event.ok && (request.payout?.netCents ?? 0) > 0) notes.push(payoutFailedNote(request));
        break;
      }
      case 'RequestContributionFailed': {
        // Declined, or a hold lost after the end: its payer learns it does not count, and the
        // owner why what their request collected (or its payout) is smaller.
        const request = find(event.requestId);
        const c = request.contributions.find((x) => x.id === event.contributionId)!;
        notes.push(await paymentFailedNote(tx, c.contributorId, request.ownerId));
        const payerName = await displayNameOf(tx, c.contributorId);
        notes.push({
          userId: request.ownerId,
          type: 'request_contribution_lost',
          ...(payerName ? { data: { memberName: payerName } } : {}),
        });
        break;
      }
      case 'RequestActivated': {
        const request = find(event.requestId);
        if (request.ownerId === input.leaving) break;
        // The owner and every member (domain.md, Funding requests), by its title and owner: one
        // member's two were the same words.
        const memberName = await displayNameOf(tx, request.ownerId);
        for (const userId of new Set([request.ownerId, ...input.memberIds]))
          if (userId !== input.leaving)
            notes.push({
              userId,
              type: 'request_activated',
              data: {
                requestTitle: request.title,
                requestId: request.id,
                ...(userId === request.ownerId ? { yours: true } : memberName ? { memberName } : {}),
              },
            });
        break;
      }
      default:
        break;
    }
  }
  return deliverNotifications(
    tx,
    notes.map((note) => ({ organizationId, note })),
    now,
    input.publicUrl,
  );
}

/** A payer's contribution to the owner's request did not go through (or was given back). */
export async function paymentFailedNote(
  tx: DbOrTx,
  payerId: string,
  ownerId: string,
): Promise<NewNotification> {
  const memberName = await displayNameOf(tx, ownerId);
  return { userId: payerId, type: 'request_payment_failed', ...(memberName ? { data: { memberName } } : {}) };
}

/** The owner's payout failed and waits for their retry, on the request's page (ADR 0057). */
export function payoutFailedNote(request: FundingRequest): NewNotification {
  return { userId: request.ownerId, type: 'request_payout_failed', data: { requestId: request.id } };
}
