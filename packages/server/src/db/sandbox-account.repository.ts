import { and, eq, inArray } from 'drizzle-orm';
import type { AccountStatus } from '../payments/payment-provider';
import type { DbOrTx } from './client';
import { sandboxAccounts, sandboxCharges } from './schema';

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

export type SandboxChargeStatus = 'requires_action' | 'authorized' | 'failed' | 'cancelled' | 'expired';

/** A kept charge's status and when it was placed (on the app's clock), or null. */
export async function sandboxChargePlacedAt(db: DbOrTx, ref: string) {
  const [row] = await db
    .select({ status: sandboxCharges.status, at: sandboxCharges.createdAt })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.ref, ref));
  return row ? { status: row.status as SandboxChargeStatus, at: row.at } : null;
}

/** A hold the sandbox released because it was not captured in time (Stripe: `canceled`). */
export async function expireSandboxCharge(db: DbOrTx, ref: string, now: Date) {
  await db
    .update(sandboxCharges)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(sandboxCharges.ref, ref), eq(sandboxCharges.status, 'authorized')));
}

/** A waiting sandbox charge's status, or null for a charge the sandbox does not keep. */
export async function sandboxChargeStatus(db: DbOrTx, ref: string): Promise<SandboxChargeStatus | null> {
  const [row] = await db
    .select({ status: sandboxCharges.status })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.ref, ref));
  return (row?.status as SandboxChargeStatus | undefined) ?? null;
}

/** What the sandbox's confirmation page does, once: false unless the charge was waiting. */
export async function settleSandboxCharge(db: DbOrTx, ref: string, status: 'authorized' | 'failed') {
  const updated = await db
    .update(sandboxCharges)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(sandboxCharges.ref, ref), eq(sandboxCharges.status, 'requires_action')))
    .returning({ ref: sandboxCharges.ref });
  return updated.length > 0;
}

/**
 * A refund of a kept charge: cancelled, as the card provider cancels a PaymentIntent that waits
 * for its payer or holds money; confirming it afterwards does nothing.
 */
export async function cancelSandboxCharge(db: DbOrTx, ref: string) {
  await db
    .update(sandboxCharges)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(eq(sandboxCharges.ref, ref), inArray(sandboxCharges.status, ['requires_action', 'authorized'])),
    );
}
