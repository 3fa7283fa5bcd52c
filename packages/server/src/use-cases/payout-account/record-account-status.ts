import { eq } from 'drizzle-orm';
import { closePayoutAccountCall } from '../../db/notification.repository';
import { retriedOnDeadlock } from '../../db/pg-errors';
import { payoutAccounts } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AccountStatus } from '../../payments/payment-provider';
import { fundFollowsPayoutAccount } from './fund-follows-account';

/**
 * The provider says an account changed (a webhook, or the sandbox's page): record it, and have
 * the owner's fund follow it in the same transaction (their round's 24 hours end, or start
 * again). An account that became active answers every call to connect one, the one before
 * their turn too, which no fund state closes.
 */
export async function recordAccountStatus(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'kickDeadlines' | 'kickOutbox'>,
  accountId: string,
  status: AccountStatus,
): Promise<void> {
  const moved = await retriedOnDeadlock(() =>
    deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(payoutAccounts)
        .set({ status, updatedAt: deps.clock.now() })
        .where(eq(payoutAccounts.providerAccountId, accountId))
        .returning({ userId: payoutAccounts.userId });
      let fundChanged = false;
      for (const { userId } of updated) {
        // The fund first, its calls after: the order every fund command locks them in.
        if (await fundFollowsPayoutAccount(tx, deps, userId)) fundChanged = true;
        if (status === 'active') await closePayoutAccountCall(tx, userId);
      }
      return fundChanged;
    }),
  );
  if (moved) deps.kickOutbox();
  deps.kickDeadlines();
}
