import { eq } from 'drizzle-orm';
import type { AccountStatus } from '../payments/payment-provider';
import type { DbOrTx } from './client';
import { sandboxAccounts } from './schema';

/** The sandbox provider's record of an account, or null when it does not exist (or was deleted). */
export async function sandboxAccountStatus(db: DbOrTx, accountId: string): Promise<AccountStatus | null> {
  const [row] = await db
    .select({ status: sandboxAccounts.status })
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.accountId, accountId));
  return row && row.status !== 'deleted' ? (row.status as AccountStatus) : null;
}

/** What the sandbox's onboarding page does: complete (active) or restrict; false for an unknown account. */
export async function setSandboxAccountStatus(
  db: DbOrTx,
  accountId: string,
  status: AccountStatus | 'deleted',
) {
  const updated = await db
    .update(sandboxAccounts)
    .set({ status, updatedAt: new Date() })
    .where(eq(sandboxAccounts.accountId, accountId))
    .returning({ accountId: sandboxAccounts.accountId });
  return updated.length > 0;
}
