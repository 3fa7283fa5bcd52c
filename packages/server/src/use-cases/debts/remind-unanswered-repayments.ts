import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberDebts, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { deliverNotifications } from '../../notifications/deliver-notifications';

/** How long a creditor has to answer a repayment declared by hand before being asked again. */
export const ANSWER_WAIT_MS = 3 * 86_400_000;

/**
 * Declarations older than this were asked about already. Their reminder keys are kept 90 days
 * (reminder.queries.ts): looking further back would ask again once a key is pruned.
 */
const LOOK_BACK_MS = 60 * 86_400_000;

/**
 * A debtor who declared a repayment by hand can neither pay through the platform nor end the
 * debt until the creditor confirms it or says it never came. A creditor who has not answered
 * after three days is asked, once per declaration (keyed like a reminder, so a restart or a
 * second instance does not ask twice; a declaration made again after a refusal is asked about
 * anew). Runs in the deadline worker's hourly sweep; returns how many were asked.
 */
export async function remindUnansweredRepayments(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
): Promise<number> {
  const now = deps.clock.now();
  const waiting = await tx
    .select({
      id: memberDebts.id,
      organizationId: memberDebts.organizationId,
      creditorId: memberDebts.creditorId,
      declaredAt: memberDebts.repaymentDeclaredAt,
      debtorName: users.displayName,
    })
    .from(memberDebts)
    .innerJoin(users, eq(users.id, memberDebts.debtorId))
    .where(
      and(
        eq(memberDebts.status, 'open'),
        lte(memberDebts.repaymentDeclaredAt, new Date(now.getTime() - ANSWER_WAIT_MS)),
        gt(memberDebts.repaymentDeclaredAt, new Date(now.getTime() - LOOK_BACK_MS)),
      ),
    );
  if (waiting.length === 0) return 0;
  return deliverNotifications(
    tx,
    waiting.map((debt) => ({
      organizationId: debt.organizationId,
      note: {
        userId: debt.creditorId,
        type: 'debt_repayment_unanswered' as const,
        ...(debt.debtorName ? { data: { memberName: debt.debtorName } } : {}),
      },
      reminder: {
        occasion: 'debt_repayment_unanswered',
        subject: `${debt.id}:${debt.declaredAt!.getTime()}`,
      },
    })),
    now,
    deps.config.publicUrl,
  );
}
