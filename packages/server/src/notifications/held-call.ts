import type { NotificationType } from '@giro/contract/notifications';
import type { DbOrTx } from '../db/client';
import { findFundOfOrganization } from '../db/fund.repository';
import { activePayoutAccountOf } from '../db/payout-account.repository';
import type { NotificationData } from './notification-texts';
import { fundCallTypes, isCallStillOpen } from './open-calls';

/**
 * A fund's call to act as a push or an email carries it (outbox payload `call`): what it asks
 * of whom. A member's quiet hours hold such a message until morning, and a busy outbox may hold
 * it a while; by then they may have paid, voted or been paid out.
 */
export interface HeldCall {
  organizationId: string;
  type: NotificationType;
  userId: string;
  /** The declaration a call to confirm cash names: it is still open while that one waits. */
  contributionId?: string;
}

/** The call a delivery's push and email carry, for the fund's calls to act only. */
export function heldCallOf(
  organizationId: string | null,
  type: NotificationType,
  userId: string,
  data: NotificationData = {},
): HeldCall | undefined {
  if (organizationId === null || !fundCallTypes.includes(type)) return undefined;
  const { contributionId } = data;
  return contributionId ? { organizationId, type, userId, contributionId } : { organizationId, type, userId };
}

/**
 * Whether the call is still open in the fund as it is now, read when the message is about to
 * leave: a member who paid at 23:00 is not told at 07:00 that it is time to contribute. The
 * in-app alert went with the payment's transaction (open-calls.ts); the push and email left
 * in the outbox are checked here, off the payment's path. A fund that is gone asks nothing.
 */
export async function heldCallStillOpen(db: DbOrTx, call: HeldCall): Promise<boolean> {
  const fund = await findFundOfOrganization(db, call.organizationId);
  if (fund === undefined || !isCallStillOpen(call.type, fund.state, call.userId, call)) return false;
  // "Connect an account": answered by an account that became active. The round's state shows it
  // for its recipient (ADR 0059); the call before a member's turn, only the account itself.
  if (call.type === 'payout_account_required') return (await activePayoutAccountOf(db, call.userId)) === null;
  return true;
}
