import type { BillingAddress, PaymentPreferences } from '@giro/contract/common';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { namedStatement, runNamed } from './named-statement';
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

/**
 * The SQL of an accepted payment's preference, as a clause of a WITH (`preference`): its method
 * is the next one's default; a card's address is kept, and another method leaves the saved
 * address as it is. Nothing is written when the user is null. Shared with the fund change's
 * statement (db/fund-change.statement.ts).
 */
export function preferenceRowSql(p: { user: string; method: string; address: string; now: string }): string {
  return `preference as (
     insert into payment_preferences (user_id, last_method, billing_address, updated_at)
     select ${p.user}::uuid, ${p.method}::text, ${p.address}::jsonb, to_timestamp(${p.now}::float8 / 1000)
     where ${p.user}::uuid is not null
     on conflict (user_id) do update set last_method = excluded.last_method,
       billing_address = coalesce(excluded.billing_address, payment_preferences.billing_address),
       updated_at = excluded.updated_at
     returning 1)`;
}

/** An accepted payment, as `preferenceRowSql` remembers it. */
export interface AcceptedPayment {
  userId: string;
  method: Method;
  /** A card's billing address; none for another method. */
  billingAddress?: BillingAddress | undefined;
}

/** The parameters of `preferenceRowSql`, in its order, for an accepted payment (or none). */
export function preferenceRowValues(payment: AcceptedPayment | undefined): unknown[] {
  if (!payment) return [null, null, null];
  const address = payment.method === 'card' ? payment.billingAddress : undefined;
  return [payment.userId, payment.method, address ? JSON.stringify(address) : null];
}

const rememberStatement = namedStatement(
  'payment_preference_remember',
  `with ${preferenceRowSql({ user: '$1', method: '$2', address: '$3', now: '$4' })}
   select count(*) from preference`,
);

/** A payment was accepted: its method is the next one's default; a card's address is kept. */
export async function rememberPayment(db: DbOrTx, payment: AcceptedPayment, now: Date): Promise<void> {
  await runNamed(db, rememberStatement, [...preferenceRowValues(payment), now.getTime()]);
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
