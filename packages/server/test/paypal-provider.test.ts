import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveProvider } from '../src/payments/live.provider';
import type { PayPalProvider } from '../src/payments/paypal.provider';
import type { FakePayPal } from './support/fake-paypal';
import { DAY, fastForward, fundOf, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { startLiveProviders } from './support/live-providers';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let live: Awaited<ReturnType<typeof startLiveProviders>>;
let paypal: FakePayPal;
let adapter: PayPalProvider;
beforeEach(async () => {
  live = await startLiveProviders();
  ({ paypal, paypalAdapter: adapter } = live);
  t = await createTestApp({ payments: live.payments }, { provider: live.provider });
});
afterEach(async () => {
  await t.close();
  await live.stop();
});

describe('the PayPal adapter against a local PayPal fake', () => {
  it('captures an approved order at once, and refunds it when the round moves on without the recipient', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members, 5000);
    const recipient = recipientOf(members, fund);
    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund))
      await act(payer, 'contributions', { method: 'paypal', paymentMethodId: paypal.approvedOrder('50.00') });
    await t.flushOutbox();
    const captures = paypal.calls('/v2/checkout/orders/');
    expect(captures).toHaveLength(2);
    expect(captures.every((c) => c.requestId)).toBe(true);
    // No payout account: after 24 h every contribution is refunded at PayPal, once.
    await fastForward(members[0]!, DAY + 1);
    await t.flushOutbox();
    expect(paypal.refunds).toEqual([
      expect.objectContaining({ amount: { currency_code: 'EUR', value: '50.00' } }),
      expect.objectContaining({ amount: { currency_code: 'EUR', value: '50.00' } }),
    ]);
    expect((await fundOf(recipient)).round?.recipientId).not.toBe(recipient.id);
  });

  it('the €10 sandbox test payment creates and captures an order for 10.00 EUR', async () => {
    const [m] = (await organizationOf(t, 1)) as [Member];
    await m.client.put('/api/user/paypal', { paypalEmail: 'anna@paypal.example' });
    const paid = await m.client.post(
      '/api/payments/sandbox-test',
      {},
      { headers: { 'idempotency-key': 'tp-0000001' } },
    );
    expect(paid.statusCode).toBe(200);
    const [created] = paypal.calls('/v2/checkout/orders').filter((c) => c.path === '/v2/checkout/orders');
    expect(created?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'EUR', value: '10.00' } }],
    });
  });

  it('a payout to a PayPal email carries our key as sender_batch_id; a retry after a lost answer pays once', async () => {
    const first = await adapter.payout({
      idempotencyKey: 'op-123',
      email: 'bruno@paypal.example',
      amountCents: 9701,
    });
    const again = await adapter.payout({
      idempotencyKey: 'op-123',
      email: 'bruno@paypal.example',
      amountCents: 9701,
    });
    expect(first.ok && again.ok).toBe(true);
    expect(paypal.payouts).toHaveLength(1);
    expect(paypal.payouts[0]).toMatchObject({
      sender_batch_header: { sender_batch_id: 'op-123' },
      items: [{ receiver: 'bruno@paypal.example', amount: { currency: 'EUR', value: '97.01' } }],
    });
    paypal.serverErrors.add('/v1/payments/payouts');
    await expect(
      adapter.payout({ idempotencyKey: 'op-456', email: 'c@paypal.example', amountCents: 100 }),
    ).rejects.toThrow();
  });

  it('a PayPal order that cannot be captured records nothing and tells the payer', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [payer] = payersOf(members, fund) as [Member];
    const unapproved = paypal.approvedOrder('50.00');
    paypal.orders.get(unapproved)!.status = 'CREATED'; // the buyer never approved it
    await act(payer, 'contributions', { method: 'paypal', paymentMethodId: unapproved });
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
    const alerts = (await payer.client.get('/api/user-notifications')).json().notifications;
    expect(alerts.map((n: { type: string }) => n.type)).toContain('payment_failed');
  });

  it("counts a capture only when the capture itself was not declined (pending counts, as PayPal credits it later), for the contribution's amount in euros: any other amount is given back whole", async () => {
    const members = await organizationOf(t, 4);
    const fund = await activeFund(members, 5000);
    await openWindow(members[0]!);
    const [declined, pending, tooLittle] = payersOf(members, fund) as [Member, Member, Member];
    // PayPal's order COMPLETED while its capture was not: declined, or not credited yet.
    await act(declined, 'contributions', {
      method: 'paypal',
      paymentMethodId: paypal.approvedOrder('50.00', 'DECLINED'),
    });
    await act(pending, 'contributions', {
      method: 'paypal',
      paymentMethodId: paypal.approvedOrder('50.00', 'PENDING'),
    });
    // An order the browser made for a cent, handed in for a 50 € contribution.
    await act(tooLittle, 'contributions', {
      method: 'paypal',
      paymentMethodId: paypal.approvedOrder('0.01'),
    });
    await t.flushOutbox();
    // The declined capture and the cent are not counted; the pending one is (PayPal credits it later).
    expect((await fundOf(declined)).round?.contributedBy).toEqual([pending.id]);
    expect(paypal.captures.size).toBe(3);
    // Only the cent was captured into our balance at a wrong amount: it goes back whole, and only it.
    expect(paypal.refunds).toHaveLength(1);
    const cent = [...paypal.captures.values()].find((c) => c.value === '0.01');
    expect(cent?.status).toBe('REFUNDED');
    for (const payer of [declined, tooLittle]) {
      const alerts = (await payer.client.get('/api/user-notifications')).json().notifications;
      expect(alerts.map((n: { type: string }) => n.type)).toContain('payment_failed');
    }
  });
});

describe('the PayPal adapter reads captures and payouts back for reconciliation', () => {
  /** A contribution captured at PayPal at once, as the outbox makes it: its capture id. */
  const captured = async (key: string, value = '50.00') => {
    const result = await adapter.charge({
      idempotencyKey: key,
      amountCents: Number(value.replace('.', '')),
      orderId: paypal.approvedOrder(value),
    });
    if (!result.ok) throw new Error(`not captured: ${result.reason}`);
    return result.ref;
  };
  const state = (ref: string) => live.provider.chargeState({ ref, method: 'paypal' });

  it('a captured order reads back as its amount; refunded, the amount goes back', async () => {
    const ref = await captured('op-c1');
    expect(await state(ref)).toEqual({ capturedCents: 5000, refundedCents: 0 });
    expect(paypal.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/payments/captures/${ref}` });
    expect((await adapter.refund({ idempotencyKey: 'op-r1', ref, amountCents: 5000 })).ok).toBe(true);
    expect(paypal.captures.get(ref)?.status).toBe('REFUNDED');
    expect(await state(ref)).toEqual({ capturedCents: 5000, refundedCents: 5000 });
  });

  it('a partly refunded capture counts the refunds its order lists, not its whole amount', async () => {
    const ref = await captured('op-c2', '97.01');
    expect((await adapter.refund({ idempotencyKey: 'op-r2', ref, amountCents: 1250 })).ok).toBe(true);
    expect(paypal.captures.get(ref)?.status).toBe('PARTIALLY_REFUNDED');
    expect(await state(ref)).toEqual({ capturedCents: 9701, refundedCents: 1250 });
    const orderId = paypal.captures.get(ref)!.orderId;
    expect(paypal.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/checkout/orders/${orderId}` });
    expect((await adapter.refund({ idempotencyKey: 'op-r3', ref, amountCents: 8451 })).ok).toBe(true);
    expect(await state(ref)).toEqual({ capturedCents: 9701, refundedCents: 9701 });
  });

  it('a capture PayPal has not credited (PENDING) or declined captured nothing', async () => {
    const ref = await captured('op-c3');
    paypal.captures.get(ref)!.status = 'PENDING';
    expect(await state(ref)).toEqual({ capturedCents: 0, refundedCents: 0 });
    paypal.captures.get(ref)!.status = 'DECLINED';
    expect(await state(ref)).toEqual({ capturedCents: 0, refundedCents: 0 });
  });

  it('a capture PayPal does not know reads as null; a server error is an error, not "unknown"', async () => {
    expect(await state('CAPUNKNOWN')).toBeNull();
    const ref = await captured('op-c4');
    paypal.serverErrors.add('/v2/payments/captures/');
    await expect(state(ref)).rejects.toThrow();
    // Without PayPal configured, nothing is known of a PayPal charge.
    expect(
      await new LiveProvider(live.provider.stripe, null).chargeState({ ref, method: 'paypal' }),
    ).toBeNull();
  });

  it('a payout batch reads back as what it paid, less the items that came back; an unknown batch is null', async () => {
    const paid = await live.provider.payout({
      idempotencyKey: 'op-p1',
      destination: { type: 'paypal', email: 'bruno@paypal.example' },
      amountCents: 9701,
    });
    if (!paid.ok) throw new Error('payout refused');
    expect(await live.provider.payoutState(paid.ref)).toEqual({ paidCents: 9701 });
    const read = paypal.requests.at(-1)!;
    expect(read).toMatchObject({ method: 'GET', path: `/v1/payments/payouts/${paid.ref}` });
    paypal.setPayoutItem(paid.ref, 0, 'RETURNED'); // unclaimed for 30 days: the money came back
    expect(await live.provider.payoutState(paid.ref)).toEqual({ paidCents: 0 });
    paypal.setPayoutItem(paid.ref, 0, 'UNCLAIMED'); // still on its way
    expect(await live.provider.payoutState(paid.ref)).toEqual({ paidCents: 9701 });
    paypal.batches.get(paid.ref)!.status = 'DENIED';
    expect(await live.provider.payoutState(paid.ref)).toEqual({ paidCents: 0 });

    expect(await live.provider.payoutState('BATCHUNKNOWN')).toBeNull();
    // A retry after a lost answer is refused as a duplicate with a link to the original payout:
    // its id, which reconciliation reads back (our own batch id PayPal cannot look up).
    const again = await adapter.payout({
      idempotencyKey: 'op-p1',
      email: 'bruno@paypal.example',
      amountCents: 9701,
    });
    expect(again).toEqual({ ok: true, ref: paid.ref });
    expect(await live.provider.payoutState('op-p1')).toBeNull();
  });

  it('a Stripe transfer id is read at Stripe, never at PayPal', async () => {
    const before = paypal.requests.length;
    expect(await live.provider.payoutState('tr_unknown')).toBeNull();
    expect(live.stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/transfers/tr_unknown' });
    expect(paypal.requests.length).toBe(before);
  });
});
