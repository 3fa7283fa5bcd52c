import type { NotificationType } from '@giro/contract/notifications';
import type { DbOrTx } from '../db/client';
import { insertNotifications } from '../db/notification.repository';
import { enqueueRealtime } from '../realtime/enqueue-realtime';

/**
 * One notification for one member, outside a fund's or a request's own effects (a payment's
 * outcome that only its payer needs to hear), and the socket event that makes their alerts
 * refresh: both in the caller's transaction.
 */
export async function notifyMember(
  tx: DbOrTx,
  organizationId: string,
  userId: string,
  type: NotificationType,
  now: Date,
): Promise<void> {
  await insertNotifications(tx, [{ organizationId, note: { userId, type } }], now);
  await enqueueRealtime(tx, organizationId, [{ type: 'NOTIFICATION_CREATED', at: now.toISOString() }], now);
}
