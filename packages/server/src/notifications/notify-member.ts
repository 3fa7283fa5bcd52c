import type { NotificationType } from '@giro/contract/notifications';
import type { DbOrTx } from '../db/client';
import { enqueueUserMessage } from '../realtime/enqueue-realtime';
import { deliverNotifications } from './deliver-notifications';
import type { NotificationData } from './notification-texts';

/**
 * One notification for one member, outside a fund's or a request's own effects (a payment's
 * outcome that only its payer needs to hear), on the channels they chose, and the socket
 * event that makes their alerts refresh: all in the caller's transaction. The event goes to the
 * member's own sockets, not to the organization the notice is about: a debt is settled wherever
 * the two members are, and one now in another family still sees it come (the organization's
 * other members had nothing to refresh).
 */
export async function notifyMember(
  tx: DbOrTx,
  publicUrl: string,
  notice: { organizationId: string; userId: string; type: NotificationType; data?: NotificationData },
  now: Date,
): Promise<void> {
  const { organizationId, userId, type, data } = notice;
  await deliverNotifications(
    tx,
    [{ organizationId, note: { userId, type, ...(data ? { data } : {}) } }],
    now,
    publicUrl,
  );
  await enqueueUserMessage(tx, userId, { type: 'NOTIFICATION_CREATED', at: now.toISOString() }, now);
}
