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
 * The SQL of accepted payments' rows, as a clause of a WITH (`preferences`): each payment's
 * method is the member's next default; a card's address is kept, and another method leaves the
 * saved address as it is. The payments are one JSON array (`preferenceRowsValue`), one per
 * member, `now` epoch milliseconds. A payment that changes neither leaves the row alone: a
 * member who pays the same way every month does not rewrite it (and its WAL) with every payment;
 * `updated_at` is when the preference last changed. Shared with the fund changes' statement
 * (db/fund-changes.statement.ts).
 */
export function preferenceRowsSql(p: { payments: string; now: string }): string {
  return `preferences as (
     insert into payment_preferences (user_id, last_method, billing_address, updated_at)
     select p.user_id, p.method, p.address, to_timestamp(${p.now}::float8 / 1000)
     from jsonb_to_recordset(${p.payments}::jsonb) as p(user_id uuid, method text, address jsonb)
     on conflict (user_id) do update set last_method = excluded.last_method,
       billing_address = coalesce(excluded.billing_address, payment_preferences.billing_address),
       updated_at = excluded.updated_at
     where payment_preferences.last_method is distinct from excluded.last_method
       or payment_preferences.billing_address is distinct from
         coalesce(excluded.billing_address, payment_preferences.billing_address)
     returning 1)`;
}

/** An accepted payment, as `preferenceRowsSql` remembers it. */
export interface AcceptedPayment {
  userId: string;
  method: Method;
  /** A card's billing address; none for another method. */
  billingAddress?: BillingAddress | undefined;
}

/**
 * The parameter of `preferenceRowsSql`: the payments as one JSON array, a member's last one only
 * (an upsert cannot touch one row twice).
 */
export function preferenceRowsValue(payments: readonly AcceptedPayment[]): string {
  const last = new Map(payments.map((payment) => [payment.userId, payment]));
  return JSON.stringify(
    [...last.values()].map((payment) => ({
      user_id: payment.userId,
      method: payment.method,
      address: payment.method === 'card' ? (payment.billingAddress ?? null) : null,
    })),
  );
}

const rememberStatement = namedStatement(
  'payment_preference_remember',
  `with ${preferenceRowsSql({ payments: '$1', now: '$2' })} select count(*) from preferences`,
);

/** A payment was accepted: its method is the next one's default; a card's address is kept. */
export async function rememberPayment(db: DbOrTx, payment: AcceptedPayment, now: Date): Promise<void> {
  await runNamed(db, rememberStatement, [preferenceRowsValue([payment]), now.getTime()]);
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
