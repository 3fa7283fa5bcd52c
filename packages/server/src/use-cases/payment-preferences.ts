import type { BillingAddress, PaymentPreferences } from '@giro/contract/common';
import { rememberPayment, saveBillingAddress } from '../db/payment-preferences.repository';
import type { Deps } from '../deps';

/**
 * After a request's payment was accepted: its method is preselected next time, and a card's
 * billing address is prefilled (issue 13, one-tap payments). Its own small write, after the
 * money's transaction: losing it to a crash costs the member one address typed, never money.
 * A fund contribution writes it in its own transaction instead (RunOptions.acceptedPayment).
 */
export async function rememberAcceptedPayment(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  payment: {
    method: NonNullable<PaymentPreferences['lastMethod']>;
    billingAddress?: BillingAddress | undefined;
  },
): Promise<void> {
  await rememberPayment(deps.db, { userId, ...payment }, deps.clock.now());
}

/** Account: replaces the saved billing address, or forgets it (null). */
export async function updateBillingAddress(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  billingAddress: BillingAddress | null,
): Promise<void> {
  await saveBillingAddress(deps.db, userId, billingAddress, deps.clock.now());
}
