import { type NotificationType, notificationTypes } from '@giro/contract/notifications';

export type GroupName = 'contributions' | 'payments' | 'group' | 'other';

/** The types as the member thinks of them: paying this round, money and turns, the group's life. */
const grouped: Record<Exclude<GroupName, 'other'>, readonly NotificationType[]> = {
  contributions: [
    'contribution_window_open',
    'contribution_due_24h',
    'contribution_due_2h',
    'contribution_timeout',
    'extension_granted',
    'contribution_skipped',
  ],
  payments: [
    'payment_failed',
    'payment_confirmation_required',
    'your_turn',
    'withdrawal_ready',
    'receipt_to_confirm',
    'payout_account_required',
    'turn_passed',
    'round_refunded',
    'swap_requested',
    'swap_accepted',
    'swap_declined',
    'swap_lapsed',
    'swap_lapsed_asked',
    'contribution_covered',
    'cover_received',
    'cover_failed',
    'cover_payment_failed',
    'cover_superseded',
    'contribution_not_received',
    'cover_not_received',
    'cover_cancelled',
    'declaration_cancelled',
    'debt_repayment_declared',
    'debt_repayment_not_received',
    'debt_repayment_unanswered',
    'debt_settled',
    'debt_repaid_to_you',
    'debt_due',
    'debt_payment_failed',
    'debt_forgiven',
    'request_payment_failed',
    'request_contribution_lost',
    'request_payout_failed',
    'request_contribution_refunded',
  ],
  group: [
    'amount_vote_opened',
    'confirmation_needed',
    'dismissal_to_acknowledge',
    'confirmation_timeout',
    'dismissal_acknowledgment_timeout',
    'fund_activated',
    'fallback_vote',
    'strike_warning',
    'member_expelled',
    'you_were_expelled',
    'request_activated',
    'request_completed',
  ],
};

/**
 * The groups shown, in order, each with its types; a type the server adds before it is placed
 * here is still shown (under "other"), never left without its switches.
 */
export function notificationGroups(
  types: readonly NotificationType[] = notificationTypes,
): { name: GroupName; types: NotificationType[] }[] {
  const placed = new Set(Object.values(grouped).flat());
  const groups = (Object.entries(grouped) as [GroupName, readonly NotificationType[]][]).map(
    ([name, members]) => ({ name, types: members.filter((type) => types.includes(type)) }),
  );
  groups.push({ name: 'other', types: types.filter((type) => !placed.has(type)) });
  return groups.filter((group) => group.types.length > 0);
}
