import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Clock, systemClock } from '../clock';
import type { Db } from '../db/client';
import {
  cancelSandboxCharge,
  expireSandboxCharge,
  sandboxAccountStatus,
  sandboxChargePlacedAt,
  sandboxChargeStatus,
  setSandboxAccountStatus,
} from '../db/sandbox-account.repository';
import { bookSandboxMovement, sandboxChargeTotals, sandboxPayoutAmount } from '../db/sandbox-book.repository';
import { sandboxAccounts, sandboxCharges } from '../db/schema';
import type {
  AccountStatus,
  ChargeState,
  PaymentFailure,
  PaymentProvider,
  PaymentResult,
} from './payment-provider';

/** Stripe's test payment method ids that the sandbox refuses, and why (the others succeed). */
const REFUSED: Record<string, PaymentFailure> = {
  pm_card_chargeDeclined: 'card_declined',
  pm_card_visa_chargeDeclined: 'card_declined',
  pm_card_insufficientFunds: 'insufficient_funds',
};

/**
 * How long a card hold lasts before the provider releases it: Stripe's 7 days for a payment its
 * customer started (ADR 0048). Counted on our clock, so the test clock ages holds too.
 */
export const SANDBOX_HOLD_MS = 7 * 24 * 3_600_000;

/** Stripe's test card that asks its payer to confirm with their bank (3-D Secure). */
const ASKS_PAYER = 'pm_card_authenticationRequired';

/**
 * The in-process sandbox provider (PAYMENTS=sandbox, the default): a person running
 * `npm start` pays, receives and refunds without any account anywhere. Deterministic: a
 * result depends only on what is asked, so a repeated idempotency key gets the same answer
 * (refs are hashes of the key). Like a real provider it keeps its own records in our database,
 * so they survive a restart: connected accounts (`sandbox_accounts`, onboarded on a local page,
 * sandbox-pages.routes.ts), charges (`sandbox_charges`) and the money it moved
 * (`sandbox_movements`), which reconciliation reads back. A card hold expires as Stripe's
 * does, 7 days after it was placed (`SANDBOX_HOLD_MS`, on the app's clock). `calls` records
 * what was asked, for the tests that check what we send.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly calls: { op: string; idempotencyKey: string; amountCents: number }[] = [];
  private readonly seen = new Map<string, PaymentResult>();

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Forgets every idempotency key, as a provider does once its window has passed (PayPal's
   * `sender_batch_id` after 30 days, Stripe's keys after a day): the same key asks afresh.
   */
  forgetIdempotencyKeys(): void {
    this.seen.clear();
  }

  private once(op: string, key: string, amountCents: number, run: () => Promise<PaymentResult>) {
    const known = this.seen.get(`${op}:${key}`);
    if (known) return Promise.resolve(known);
    this.calls.push({ op, idempotencyKey: key, amountCents });
    return run().then((result) => {
      this.seen.set(`${op}:${key}`, result);
      return result;
    });
  }

  charge(input: Parameters<PaymentProvider['charge']>[0]) {
    return this.once('charge', input.idempotencyKey, input.amountCents, async () => {
      const refused = input.paymentMethodId ? REFUSED[input.paymentMethodId] : undefined;
      if (refused) return { ok: false, reason: refused };
      const chargeRef = ref(input.method === 'card' ? 'pi' : 'order', input.idempotencyKey);
      const asksPayer = input.paymentMethodId === ASKS_PAYER;
      await this.db
        .insert(sandboxCharges)
        .values({
          ref: chargeRef,
          amountCents: input.amountCents,
          status: asksPayer ? 'requires_action' : 'authorized',
          createdAt: this.clock.now(),
        })
        .onConflictDoNothing();
      if (asksPayer) return this.chargeStatus(chargeRef);
      // PayPal captures at once; a card is held until its capture.
      if (input.capture)
        await bookSandboxMovement(this.db, {
          ref: chargeRef,
          kind: 'capture',
          chargeRef,
          amountCents: input.amountCents,
        });
      return { ok: true, ref: chargeRef };
    });
  }

  async chargeStatus(chargeRef: string): Promise<PaymentResult> {
    const status = await sandboxChargeStatus(this.db, chargeRef);
    if (status === 'authorized') return { ok: true, ref: chargeRef };
    if (status === 'requires_action')
      return { ok: false, reason: 'authentication_required', awaitingPayer: chargeRef };
    return { ok: false, reason: status === 'failed' ? 'authentication_required' : 'provider_error' };
  }

  /** The sandbox's stand-in for the bank's 3-D Secure page (sandbox-pages.routes.ts). */
  async confirmationLink(input: { ref: string; returnUrl: string }) {
    if ((await sandboxChargeStatus(this.db, input.ref)) !== 'requires_action') return null;
    const query = new URLSearchParams({ return: input.returnUrl });
    return { url: `${this.publicUrl}/sandbox/confirm/${input.ref}?${query}` };
  }

  /**
   * Captures a hold. Captured whole before (under a key forgotten since), it answers as Stripe's
   * adapter does after reading the charge back (stripe.provider.ts); a hold older than
   * `SANDBOX_HOLD_MS` has expired and is refused; so is one released or never confirmed.
   */
  capture(input: Parameters<PaymentProvider['capture']>[0]) {
    return this.once('capture', input.idempotencyKey, input.amountCents, async (): Promise<PaymentResult> => {
      const totals = await sandboxChargeTotals(this.db, input.ref);
      if (totals && totals.capturedCents === input.amountCents && totals.refundedCents === 0)
        return { ok: true, ref: input.ref };
      const placed = await sandboxChargePlacedAt(this.db, input.ref);
      if (placed?.status !== 'authorized') return { ok: false, reason: 'provider_error' };
      if (this.clock.now().getTime() - placed.at.getTime() > SANDBOX_HOLD_MS) {
        await expireSandboxCharge(this.db, input.ref, this.clock.now());
        return { ok: false, reason: 'provider_error' };
      }
      await bookSandboxMovement(this.db, {
        ref: ref('cap', input.idempotencyKey),
        kind: 'capture',
        chargeRef: input.ref,
        amountCents: input.amountCents,
      });
      return { ok: true, ref: input.ref };
    });
  }

  /**
   * Captured money is given back; a charge not captured (a hold, or one still waiting for its
   * payer) is cancelled, so a late confirmation holds nothing.
   */
  refund(input: Parameters<PaymentProvider['refund']>[0]) {
    return this.once('refund', input.idempotencyKey, input.amountCents, async () => {
      const refundRef = ref('re', input.idempotencyKey);
      const held = await sandboxChargeTotals(this.db, input.ref);
      if (held && held.capturedCents > held.refundedCents)
        await bookSandboxMovement(this.db, {
          ref: refundRef,
          kind: 'refund',
          chargeRef: input.ref,
          amountCents: input.amountCents,
        });
      else await cancelSandboxCharge(this.db, input.ref);
      return { ok: true, ref: refundRef };
    });
  }

  /** Pays to an active sandbox account or to any PayPal email; a restricted account fails. */
  payout(input: Parameters<PaymentProvider['payout']>[0]) {
    return this.once('payout', input.idempotencyKey, input.amountCents, async (): Promise<PaymentResult> => {
      if (input.destination.type === 'account') {
        const status = await this.accountStatus(input.destination.accountId);
        if (status !== 'active') return { ok: false, reason: 'payout_failed' };
      }
      const payoutRef = ref('tr', input.idempotencyKey);
      await bookSandboxMovement(this.db, {
        ref: payoutRef,
        kind: 'payout',
        chargeRef: null,
        amountCents: input.amountCents,
      });
      return { ok: true, ref: payoutRef };
    });
  }

  async createAccount(input: Parameters<PaymentProvider['createAccount']>[0]) {
    const accountId = ref('acct_sbx', input.idempotencyKey);
    await this.db
      .insert(sandboxAccounts)
      .values({ accountId, userId: input.userId, status: 'pending' })
      // The same member again: the same account; one deleted before starts over.
      .onConflictDoUpdate({
        target: sandboxAccounts.accountId,
        set: { status: 'pending' },
        where: eq(sandboxAccounts.status, 'deleted'),
      });
    return { accountId };
  }

  async onboardingLink(input: Parameters<PaymentProvider['onboardingLink']>[0]) {
    const query = new URLSearchParams({ return: input.returnUrl, refresh: input.refreshUrl });
    return { url: `${this.publicUrl}/sandbox/onboarding/${input.accountId}?${query}` };
  }

  accountStatus(accountId: string): Promise<AccountStatus | null> {
    return sandboxAccountStatus(this.db, accountId);
  }

  async deleteAccount(accountId: string): Promise<void> {
    await setSandboxAccountStatus(this.db, accountId, 'deleted');
  }

  chargeState(input: { ref: string }): Promise<ChargeState | null> {
    return sandboxChargeTotals(this.db, input.ref);
  }

  async payoutState(payoutRef: string): Promise<{ paidCents: number } | null> {
    const paidCents = await sandboxPayoutAmount(this.db, payoutRef);
    return paidCents === null ? null : { paidCents };
  }
}

function ref(prefix: string, key: string): string {
  return `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}
