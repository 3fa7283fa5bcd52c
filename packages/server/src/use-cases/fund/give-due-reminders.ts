import { dueReminder } from '@giro/domain/fund/reminders';
import type { DbOrTx } from '../../db/client';
import { membersOfOrganizations } from '../../db/fund.repository';
import { claimDueReminders, markReminded } from '../../db/reminder.queries';
import type { Deps } from '../../deps';
import { type Delivery, deliverNotifications } from '../../notifications/deliver-notifications';
import { enqueueRealtimeBatch } from '../../realtime/enqueue-realtime';
import type { WireEvent } from '../../realtime/wire-events';

/**
 * Gives the contribution reminders that have come due (issue 14: the window opens, 24 h and
 * 2 h before it closes) for a claimed batch of funds, in the caller's transaction: each unpaid
 * payer hears of it on their channels, keyed by (member, occasion, round) so none is given
 * twice. Returns how many funds were looked at.
 */
export async function giveDueReminders(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  limit: number,
): Promise<number> {
  const now = deps.clock.now();
  const due = await claimDueReminders(tx, now, limit);
  if (due.length === 0) return 0;
  const names = await membersOfOrganizations(
    tx,
    due.map((fund) => fund.organizationId),
  );
  const deliveries: Delivery[] = [];
  const wire = new Map<string, WireEvent[]>();
  for (const fund of due) {
    const reminder = dueReminder(fund.state, fund.remindersThrough?.getTime() ?? null, now.getTime());
    if (!reminder) continue;
    const nameOf = new Map((names.get(fund.organizationId) ?? []).map((m) => [m.id, m.displayName]));
    const data = {
      recipientName: nameOf.get(fund.state.round!.recipientId),
      paidNames: reminder.paidIds.map((id) => nameOf.get(id)).filter((name) => name !== undefined),
      until: new Date(reminder.closesAt).toISOString(),
    };
    for (const userId of reminder.memberIds)
      deliveries.push({
        organizationId: fund.organizationId,
        note: { userId, type: reminder.occasion, data },
        reminder: { occasion: reminder.occasion, subject: reminder.subject },
      });
    wire.set(fund.organizationId, [{ type: 'NOTIFICATION_CREATED', at: now.toISOString() }]);
  }
  await deliverNotifications(tx, deliveries, now, deps.config.publicUrl);
  await markReminded(tx, due, now);
  await enqueueRealtimeBatch(tx, wire, now);
  return due.length;
}
