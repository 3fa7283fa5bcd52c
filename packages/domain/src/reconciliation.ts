/**
 * Reconciliation's rules (issue 17, ADR 0030): the ledger against the payment provider, object
 * by object. A provider's balance never matches the ledger to the cent (the card provider takes
 * its processing fee from it, other products share it), so each charge and each payout is
 * compared with the provider's own record of it.
 */

/** What the provider reports for a charge: captured, and given back since. */
export interface ProviderCharge {
  capturedCents: number;
  refundedCents: number;
}

/**
 * A charge matches when the provider still holds what the ledger books at `provider-held` for
 * its contribution: captured less refunded on both sides (a hold released or never captured is
 * zero on both). A charge the provider does not know matches nothing.
 */
export function chargeMatches(ledgerCents: number, provider: ProviderCharge | null): boolean {
  return provider !== null && provider.capturedCents - provider.refundedCents === ledgerCents;
}

/**
 * A payout matches when the ledger paid the net the operation was for, and the provider sent it.
 * When part went to the recipient's PayPal email under its own key and the rest to their
 * connected account, both parts are read: the PayPal part must be the PayPal share and the two
 * must add up to the net. An operation that kept no reference to its PayPal part (recorded before
 * stop 31) is matched on the one it kept: all of the net, or the net less the PayPal share.
 */
export function payoutMatches(
  payout: { netCents: number; paypalNetCents: number; ledgerCents: number | null },
  providerPaidCents: number | null,
  paypalPart?: { paidCents: number | null },
): boolean {
  if (payout.ledgerCents !== payout.netCents || providerPaidCents === null) return false;
  if (paypalPart)
    return (
      paypalPart.paidCents === payout.paypalNetCents &&
      providerPaidCents + paypalPart.paidCents === payout.netCents
    );
  return (
    providerPaidCents === payout.netCents || providerPaidCents === payout.netCents - payout.paypalNetCents
  );
}
