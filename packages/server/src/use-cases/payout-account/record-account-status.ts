import { eq } from 'drizzle-orm';
import { closePayoutAccountCall } from '../../db/notification.repository';
import { payoutAccounts } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AccountStatus } from '../../payments/payment-provider';

/**
 * The provider says an account changed (a webhook, or the sandbox's page): record it. An
 * account that became active can unblock a recipient who was waiting for it, and answers their
 * call to connect one: the fund's state does not change (the round's 24 hours stay, only no
 * longer a deadline), so the fund's own closing of calls (open-calls.ts) never sees it.
 */
export async function recordAccountStatus(
  deps: Pick<Deps, 'db' | 'clock' | 'kickDeadlines'>,
  accountId: string,
  status: AccountStatus,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(payoutAccounts)
      .set({ status, updatedAt: deps.clock.now() })
      .where(eq(payoutAccounts.providerAccountId, accountId))
      .returning({ userId: payoutAccounts.userId });
    if (status === 'active') for (const { userId } of updated) await closePayoutAccountCall(tx, userId);
  });
  deps.kickDeadlines();
}
