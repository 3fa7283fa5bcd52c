import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentOperations } from '../src/db/schema';
import type { FakePayPal } from './support/fake-paypal';
import type { FakeStripe } from './support/fake-stripe';
import { type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf } from './support/fund-steps';
import { startLiveProviders } from './support/live-providers';
import { createTestApp, type TestApp } from './support/test-app';

const SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_never_in_a_log_4f1a',
  STRIPE_WEBHOOK_SECRET: 'whsec_never_in_a_log_9c2e',
  PAYPAL_CLIENT_SECRET: 'paypal_secret_never_in_a_log_77b3',
};
const CARD_NUMBER = '4242424242424242';

let t: TestApp;
let live: Awaited<ReturnType<typeof startLiveProviders>>;
let stripe: FakeStripe;
let paypal: FakePayPal;
let logs: string;
beforeEach(async () => {
  live = await startLiveProviders({ ...SECRETS, STRIPE_PUBLISHABLE_KEY: 'pk_test_public_by_design' });
  ({ stripe, paypal } = live);
  logs = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  t = await createTestApp(
    { payments: live.payments },
    { provider: live.provider, logger: pino({ level: 'trace' }, sink) },
  );
});
afterEach(async () => {
  await t.close();
  await live.stop();
});

const card = (paymentMethodId: string) => ({
  method: 'card',
  paymentMethodId,
  billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
});

describe('security of the money path (issue 5)', () => {
  it('card data is refused before anything reads, stores or logs it; provider keys are never logged nor sent to the browser', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [byCard, byPaypal] = payersOf(members, fund) as [Member, Member];
    const url = `/api/rotating-fund/${fund.id}/contributions`;
    for (const number of [CARD_NUMBER, '4242 4242 4242 4242', '4242-4242-4242-4242']) {
      const refused = await byCard.client.post(url, card(number));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_ERROR');
      expect(refused.body).not.toContain('4242');
    }
    expect(await t.database.db.select().from(paymentOperations)).toEqual([]);

    // Money moves through both providers, one of them failing once, so the workers log.
    await act(byCard, 'contributions', card('pm_card_visa'));
    paypal.serverErrors.add('/v2/checkout/orders/');
    await act(byPaypal, 'contributions', {
      method: 'paypal',
      paymentMethodId: paypal.approvedOrder('50.00'),
    });
    await t.flushOutbox();
    t.clock.fastForward(10);
    await t.flushOutbox();
    expect(stripe.calls('/v1/payment_intents')).toHaveLength(1);
    expect(logs.length).toBeGreaterThan(0);

    const config = await byCard.client.get('/api/config');
    for (const secret of Object.values(SECRETS)) {
      expect(logs).not.toContain(secret);
      expect(config.body).not.toContain(secret);
    }
    expect(logs).not.toContain(CARD_NUMBER);
    expect(logs).not.toContain('4242 4242');
  });

  it("live: the browser gets only the publishable key, and the page may load the provider's card elements", async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ payments: 'live', cardElementsKey: 'pk_test_public_by_design' });
    const csp = String(config.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);

    const sandbox = await createTestApp();
    try {
      const plain = await sandbox.app.inject({ method: 'GET', url: '/api/config' });
      expect(plain.json().cardElementsKey).toBeUndefined();
      expect(String(plain.headers['content-security-policy'])).not.toContain('stripe');
    } finally {
      await sandbox.close();
    }
  });
});
