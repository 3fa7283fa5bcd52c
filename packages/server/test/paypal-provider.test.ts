import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
});
