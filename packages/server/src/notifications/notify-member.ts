import type { NotificationType } from '@giro/contract/notifications';
import type { DbOrTx } from '../db/client';
import { organizationIdOf } from '../db/user.repository';
import { enqueueRealtime, enqueueUserMessage } from '../realtime/enqueue-realtime';
import { deliverNotifications } from './deliver-notifications';
import type { NotificationData } from './notification-texts';

/**
 * One notification for one member, outside a fund's or a request's own effects (a payment's
 * outcome that only its payer needs to hear), on the channels they chose, and the socket
 * event that makes their alerts refresh: all in the caller's transaction. A member still in the
 * organization the notice is about hears it as that organization's event (numbered, as api.md's
 * events are); one now elsewhere (a debt is settled wherever the two members are) through a
 * message to their own sockets, which that organization's stream no longer reaches.
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
  const event = { type: 'NOTIFICATION_CREATED', at: now.toISOString() } as const;
  if ((await organizationIdOf(tx, userId)) === organizationId)
    await enqueueRealtime(tx, organizationId, [event], now);
  else await enqueueUserMessage(tx, userId, event, now);
}
