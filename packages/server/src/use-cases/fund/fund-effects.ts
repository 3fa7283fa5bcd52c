import type { FundEvent, FundState } from '@giro/domain/fund/fund-types';
import { payerOf, roundTotals } from '@giro/domain/fund/rules';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { NewNotification } from '../../db/notification.repository';
import { users } from '../../db/schema';
import { lockUser } from '../../db/user.repository';
import { enqueueCharge, enqueuePayment, enqueueRefund, paypalShare } from '../../payments/payment-operations';
import { removeFromOrganization } from '../membership';
import { applyMemberEffects } from './member-effects';

export interface EffectInput {
  organizationId: string;
  before: FundState;
  after: FundState;
  events: readonly FundEvent[];
  names: Map<string, string>;
  /** The payment method the caller chose for a contribution in this command. */
  paymentMethodId: string | null;
  /** Where a card's payer comes back from their bank (`cardReturnUrl`). */
  cardReturnUrl: string;
  now: Date;
}

/**
 * What the fund's events cause outside the fund, in the same transaction: notifications,
 * payment operations (sent by the outbox), expulsions from the organization and the strikes
 * shown on the member's profile; what members do for each other (swaps, covers and the debts
 * they make) in member-effects.ts. Returns the notifications to create, for the caller's batch.
 */
export async function applyFundEffects(tx: DbOrTx, input: EffectInput): Promise<NewNotification[]> {
  const { organizationId, after, now } = input;
  const notes: NewNotification[] = [];
  const target = { type: 'fund', id: after.fundId } as const;
  const contribution = (id: string) => after.contributions.find((c) => c.id === id);
  const refund = async (contributionId: string) => {
    const c = contribution(contributionId);
    if (!c) return;
    await enqueueRefund(
      tx,
      {
        organizationId,
        target,
        contributionId: c.id,
        payerId: payerOf(c),
        amountCents: c.amountCents,
        method: c.method,
      },
      now,
    );
  };
  for (const event of input.events) {
    notes.push(...(await applyMemberEffects(tx, input, event)));
    switch (event.type) {
      case 'ContributionMade': {
        const c = event.contribution;
        // Money given by hand counts once the recipient says it came: they are asked to, one
        // call a declaration, naming who gave how much (the one who covered, and for whom).
        if (c.method === 'manual')
          notes.push({
            userId: c.recipientId,
            type: 'receipt_to_confirm',
            data: {
              memberName: input.names.get(payerOf(c)),
              ...(c.paidBy ? { coveredName: input.names.get(c.contributorId) } : {}),
              amountCents: c.amountCents,
              contributionId: c.id,
            },
          });
        // PayPal money was captured before the contribution was recorded; manual money never passes here.
        if (c.method !== 'card') break;
        await enqueueCharge(
          tx,
          {
            organizationId,
            target,
            contributionId: c.id,
            payerId: payerOf(c),
            amountCents: c.amountCents,
            method: c.method,
            paymentMethodId: input.paymentMethodId,
            returnUrl: input.cardReturnUrl,
          },
          now,
        );
        break;
      }
      case 'DistributionStarted': {
        const round = input.before.round ?? after.round;
        if (!round) break;
        const captures = after.contributions
          .filter((c) => c.roundNumber === event.roundNumber && c.cycleNumber === after.cycleNumber)
          .filter((c) => c.method === 'card' && c.status === 'authorized')
          .map((c) => c.id);
        await enqueuePayment(
          tx,
          {
            organizationId,
            // One operation per attempt: after a failed payout, a new withdrawal is a new operation.
            subject: `payout:${after.fundId}:${after.cycleNumber}:${event.roundNumber}:${event.at}`,
            userId: round.recipientId,
            amountCents: event.netCents,
            request: {
              kind: 'payout',
              target,
              recipientId: round.recipientId,
              netCents: event.netCents,
              captures,
              ...paypalShare(
                event,
                roundTotals(after).paypalCents,
                `paypal-payout:${after.fundId}:${after.cycleNumber}:${event.roundNumber}`,
              ),
            },
          },
          now,
        );
        break;
      }
      case 'RecipientTimedOut': {
        for (const id of event.refundDue) await refund(id);
        // Told, not left to notice a call gone and a new round: the recipient, and whoever paid
        // into the round (each once, a cover's payer too), cash said to come back by hand. Who
        // receives now is the round that has started (the same member, if nobody else is left).
        const next = after.round?.recipientId;
        const nextName = next && next !== event.recipientId ? input.names.get(next) : undefined;
        const refunded = input.before.contributions.filter((c) => event.refundDue.includes(c.id));
        const byHand = (list: typeof refunded) => list.some((c) => c.method === 'manual') || undefined;
        notes.push({
          userId: event.recipientId,
          type: 'turn_passed',
          data: { recipientName: nextName, byHand: byHand(refunded) },
        });
        const memberName = input.names.get(event.recipientId);
        for (const userId of new Set(refunded.map((c) => c.paidBy ?? c.contributorId))) {
          if (userId === event.recipientId) continue;
          const theirs = refunded.filter((c) => (c.paidBy ?? c.contributorId) === userId);
          notes.push({
            userId,
            type: 'round_refunded',
            data: {
              memberName,
              ...(userId === next ? { yours: true } : { recipientName: nextName }),
              byHand: byHand(theirs),
            },
          });
        }
        break;
      }
      case 'StrikeForgiven':
      case 'StrikeRestored':
        await tx.update(users).set({ strikes: event.strikes }).where(eq(users.id, event.memberId));
        break;
      case 'RefundRequested':
        await refund(event.contributionId);
        break;
      case 'MemberExpelled': {
        for (const id of event.refundDue) await refund(id);
        const member = await lockUser(tx, event.memberId);
        if (member?.familyId === organizationId) await removeFromOrganization(tx, member, now);
        const memberName = input.names.get(event.memberId);
        notes.push({ userId: event.memberId, type: 'you_were_expelled' });
        // The family's members (domain.md: removed from the organization), in the rotation or not;
        // one expelled before is no member and hears no more of it, nor is one expelled by the
        // same command (an expulsion can complete the vote on another: `names` was read before).
        for (const userId of input.names.keys())
          if (userId !== event.memberId && !after.expelled.includes(userId))
            notes.push({ userId, type: 'member_expelled', data: { memberName } });
        break;
      }
      case 'ConfirmationTimedOut':
        for (const userId of event.nonResponders) notes.push({ userId, type: 'confirmation_timeout' });
        break;
      case 'DismissalAcknowledgmentTimedOut':
        for (const userId of event.nonAcknowledgers)
          notes.push({ userId, type: 'dismissal_acknowledgment_timeout' });
        break;
      case 'VotingOpened':
        for (const userId of event.voters) notes.push({ userId, type: 'amount_vote_opened' });
        break;
      case 'VotingClosed':
        for (const userId of event.participants) notes.push({ userId, type: 'confirmation_needed' });
        break;
      case 'DismissalOpened': {
        const memberName = input.names.get(event.by);
        for (const userId of after.participants.filter((id) => id !== event.by))
          notes.push({ userId, type: 'dismissal_to_acknowledge', data: { memberName } });
        break;
      }
      case 'FundActivated':
        for (const userId of event.order) notes.push({ userId, type: 'fund_activated' });
        break;
      case 'RoundStarted':
        notes.push({ userId: event.recipientId, type: 'your_turn' });
        break;
      case 'RoundReady':
        if (event.recipientTimeoutAt === null && after.round)
          notes.push({ userId: after.round.recipientId, type: 'withdrawal_ready' });
        if (event.recipientTimeoutAt !== null && after.round)
          notes.push({
            userId: after.round.recipientId,
            type: 'payout_account_required',
            data: { until: new Date(event.recipientTimeoutAt).toISOString() },
          });
        break;
      // Their account's change decides the round's 24 hours: once it is active they can withdraw
      // (the notice RoundReady gives a recipient who had one); once it is not, they are asked
      // again, with the new deadline.
      case 'RecipientAccountConnected':
        if (after.round) notes.push({ userId: after.round.recipientId, type: 'withdrawal_ready' });
        break;
      case 'RecipientAccountLost':
        if (after.round)
          notes.push({
            userId: after.round.recipientId,
            type: 'payout_account_required',
            data: { until: new Date(event.recipientTimeoutAt).toISOString() },
          });
        break;
      case 'ContributionMissed': {
        notes.push({ userId: event.memberId, type: 'contribution_timeout' });
        const memberName = input.names.get(event.memberId);
        for (const userId of event.voters)
          notes.push({ userId, type: 'fallback_vote', data: { memberName } });
        await tx.update(users).set({ strikes: event.strikes }).where(eq(users.id, event.memberId));
        break;
      }
      case 'StrikeWarned':
        notes.push({ userId: event.memberId, type: 'strike_warning', data: { strikes: event.strikes } });
        break;
      case 'ReceiptRefused': {
        // The recipient says the cash never came: the member owes the round again (a call to
        // act), and one who declared it for them learns it does not count.
        const recipientId = input.before.contributions.find(
          (c) => c.id === event.contributionId,
        )?.recipientId;
        const memberName = recipientId && input.names.get(recipientId);
        notes.push({ userId: event.memberId, type: 'contribution_not_received', data: { memberName } });
        if (event.paidBy !== undefined)
          notes.push({
            userId: event.paidBy,
            type: 'cover_not_received',
            data: { memberName, coveredName: input.names.get(event.memberId) },
          });
        break;
      }
      case 'DeclarationCancelled': {
        // The recipient learns it (their call to confirm closes once none waits): the cash is
        // handed outside Giro, and one who did get it should not hear of it only by its absence.
        // A cover's member covered owes the round again, and may have counted on it.
        const payer = event.paidBy ?? event.memberId;
        notes.push({
          userId: input.before.round!.recipientId,
          type: 'declaration_cancelled',
          data: { memberName: input.names.get(payer) },
        });
        if (event.paidBy !== undefined)
          notes.push({
            userId: event.memberId,
            type: 'cover_cancelled',
            data: { memberName: input.names.get(event.paidBy) },
          });
        break;
      }
      case 'CoverSuperseded':
        // The one who declared the cash learns it no longer counts (and to ask for it back).
        notes.push({
          userId: event.paidBy,
          type: 'cover_superseded',
          data: { coveredName: input.names.get(event.memberId) },
        });
        break;
      case 'ContributionFailed': {
        const failed = input.before.contributions.find((c) => c.id === event.contributionId);
        if (!failed) break;
        if (failed.paidBy === undefined) {
          notes.push({ userId: payerOf(failed), type: 'payment_failed' });
          break;
        }
        // A cover declined: the one who paid learns it (news: their own share is another
        // matter), and the covered member that their contribution is unpaid again, which they
        // would otherwise learn only from a strike.
        notes.push({
          userId: failed.paidBy,
          type: 'cover_payment_failed',
          data: { coveredName: input.names.get(failed.contributorId) },
        });
        notes.push({
          userId: failed.contributorId,
          type: 'cover_failed',
          data: { memberName: input.names.get(failed.paidBy) },
        });
        break;
      }
      case 'ExtensionGranted':
        notes.push({
          userId: event.memberId,
          type: 'extension_granted',
          data: { until: new Date(event.until).toISOString() },
        });
        break;
      case 'ContributionSkipped':
        notes.push({ userId: event.memberId, type: 'contribution_skipped' });
        break;
      default:
        break;
    }
  }
  return notes;
}
