import type { BillingAddress, PaymentPreferences } from '@giro/contract/common';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { paymentPreferences } from './schema';

type Method = NonNullable<PaymentPreferences['lastMethod']>;
const methods: readonly string[] = ['card', 'paypal', 'manual'] satisfies Method[];

export async function findPaymentPreferences(db: DbOrTx, userId: string): Promise<PaymentPreferences> {
  const [row] = await db.select().from(paymentPreferences).where(eq(paymentPreferences.userId, userId));
  return {
    lastMethod: row?.lastMethod && methods.includes(row.lastMethod) ? (row.lastMethod as Method) : null,
    billingAddress: (row?.billingAddress as BillingAddress | null | undefined) ?? null,
  };
}

/** A payment was accepted: its method is the next one's default; a card's address is kept. */
export async function rememberPayment(
  db: DbOrTx,
  userId: string,
  method: Method,
  billingAddress: BillingAddress | undefined,
  now: Date,
): Promise<void> {
  await db
    .insert(paymentPreferences)
    .values({ userId, lastMethod: method, billingAddress: billingAddress ?? null, updatedAt: now })
    .onConflictDoUpdate({
      target: paymentPreferences.userId,
      set: {
        lastMethod: method,
        // Another method leaves the saved address as it is.
        billingAddress: billingAddress ?? sql`${paymentPreferences.billingAddress}`,
        updatedAt: now,
      },
    });
}

/** Account: edits (an address) or removes (null) the saved billing address. */
export async function saveBillingAddress(
  db: DbOrTx,
  userId: string,
  billingAddress: BillingAddress | null,
  now: Date,
): Promise<void> {
  await db
    .insert(paymentPreferences)
    .values({ userId, billingAddress, updatedAt: now })
    .onConflictDoUpdate({ target: paymentPreferences.userId, set: { billingAddress, updatedAt: now } });
}

/** Account deletion: nothing of how they paid is kept. */
export async function deletePaymentPreferences(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(paymentPreferences).where(eq(paymentPreferences.userId, userId));
}
