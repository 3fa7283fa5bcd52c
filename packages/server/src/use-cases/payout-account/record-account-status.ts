import { eq } from 'drizzle-orm';
import { payoutAccounts } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AccountStatus } from '../../payments/payment-provider';

/**
 * The provider says an account changed (a webhook, or the sandbox's page): record it. An
 * account that became active can unblock a recipient who was waiting for it.
 */
export async function recordAccountStatus(
  deps: Pick<Deps, 'db' | 'clock' | 'kickDeadlines'>,
  accountId: string,
  status: AccountStatus,
): Promise<void> {
  await deps.db
    .update(payoutAccounts)
    .set({ status, updatedAt: deps.clock.now() })
    .where(eq(payoutAccounts.providerAccountId, accountId));
  deps.kickDeadlines();
}
