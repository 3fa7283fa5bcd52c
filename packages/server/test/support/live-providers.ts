import { loadConfig } from '../../src/config/env';
import { LiveProvider } from '../../src/payments/live.provider';
import { PayPalProvider } from '../../src/payments/paypal.provider';
import { StripeProvider } from '../../src/payments/stripe.provider';
import { FakePayPal } from './fake-paypal';
import { FakeStripe } from './fake-stripe';

/**
 * PAYMENTS=live against local fakes of both providers' APIs: the configuration as the server
 * would read it from `env` (test keys unless given), and the one port over both adapters.
 */
export async function startLiveProviders(env: Record<string, string> = {}) {
  const stripe = new FakeStripe();
  const paypal = new FakePayPal();
  await Promise.all([stripe.start(), paypal.start()]);
  const { payments } = loadConfig({
    PAYMENTS: 'live',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    PAYPAL_CLIENT_ID: 'client',
    PAYPAL_CLIENT_SECRET: 'secret',
    STRIPE_API_BASE: stripe.url,
    PAYPAL_API_BASE: paypal.url,
    ...env,
  });
  if (payments.mode !== 'live' || !payments.paypal) throw new Error('live payments with PayPal expected');
  const paypalAdapter = new PayPalProvider({ ...payments.paypal, timeoutMs: 1000 });
  const provider = new LiveProvider(
    new StripeProvider({
      secretKey: payments.stripe.secretKey,
      apiBase: stripe.url,
    }),
    paypalAdapter,
  );
  return {
    stripe,
    paypal,
    paypalAdapter,
    provider,
    payments,
    stop: () => Promise.all([stripe.stop(), paypal.stop()]),
  };
}
