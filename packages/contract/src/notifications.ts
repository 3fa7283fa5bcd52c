import { z } from 'zod';

/** Notification types (SPEC §3, plus the ones domain.md names for activation and requests). */
export const notificationTypes = [
  'contribution_timeout',
  'fallback_vote',
  'extension_granted',
  'contribution_skipped',
  'member_expelled',
  // The member expelled hears it said to them (member_expelled names them in the third person).
  'you_were_expelled',
  'strike_warning',
  'confirmation_timeout',
  'dismissal_acknowledgment_timeout',
  'fund_activated',
  'your_turn',
  'payout_account_required',
  'payment_failed',
  'payment_confirmation_required',
  'request_activated',
  // Reminders (issue 14): the window opened, and 24 h and 2 h before it closes while unpaid.
  'contribution_window_open',
  'contribution_due_24h',
  'contribution_due_2h',
  // Calls to act and news (issue 14, domain.md Reminders).
  'amount_vote_opened',
  'confirmation_needed',
  'dismissal_to_acknowledge',
  'withdrawal_ready',
  'request_completed',
  // A contribution to a request that did not go through (declined, or given back once captured).
  'request_payment_failed',
  // The owner's side of it: a contribution to my request no longer counts (its payout shrinks).
  'request_contribution_lost',
  // The owner's payout did not go through: the money waits for their retry.
  'request_payout_failed',
  // A request I gave to was cancelled (or ended with too little to pay out): my gift comes back.
  'request_contribution_refunded',
  // Swapping turns (issue 16): asked of me; my request accepted, declined, or lapsed unanswered.
  'swap_requested',
  'swap_accepted',
  'swap_declined',
  'swap_lapsed',
  // A swap asked of me lapsed before I answered (domain.md: swap notifications go to both).
  'swap_lapsed_asked',
  // Covering a member (issue 16): I was covered; the recipient got a cover; a debt repaid (or the
  // creditor says that repayment never came), or its payment failed.
  'contribution_covered',
  'cover_received',
  // A cover's card was declined: to the covered member (pay it yourself) and to the one who paid.
  'cover_failed',
  'cover_payment_failed',
  // My cover by hand, not yet confirmed, gave way to the member's own payment.
  'cover_superseded',
  // A member says they gave me, this round's recipient, their contribution by hand: confirm it.
  'receipt_to_confirm',
  // The recipient says the cash declared for my contribution (by me or for me) never came.
  'contribution_not_received',
  // The recipient says the cash I declared for another member's contribution never came.
  'cover_not_received',
  // The one who declared cash for my contribution took it back: it is unpaid again.
  'cover_cancelled',
  // Cash declared to me (as this round's recipient) was taken back by the one who declared it.
  'declaration_cancelled',
  'debt_repayment_declared',
  'debt_repayment_not_received',
  // A repayment declared to me days ago that I have neither confirmed nor refused.
  'debt_repayment_unanswered',
  'debt_settled',
  // A repayment to me through the platform reached my payout account (by hand, I confirmed it).
  'debt_repaid_to_you',
  'debt_due',
  // My round's 24 hours ran out with no payout account: refunded, my turn moved to the end.
  'turn_passed',
  // The round's recipient ran out of time: what I paid for the round is given back.
  'round_refunded',
  'debt_payment_failed',
  // The creditor deleted their account: what I owed them is written off.
  'debt_forgiven',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  body: z.string(),
  /** The screen that acts on it. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export const notificationParamsSchema = z.object({ id: z.uuid() });
