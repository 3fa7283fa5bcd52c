import { loadConfig } from '../../src/config/env';
import type { Database } from '../../src/db/client';
import { StripeProvider } from '../../src/payments/stripe.provider';
import { FakeStripe } from './fake-stripe';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test app on PAYMENTS=live against a local Stripe fake (a new one, or `fake`, already started),
 * with this webhook secret, on a fresh test database or on `database`.
 */
export async function liveStripeApp(
  webhookSecret: string,
  timeoutMs = 500,
  options: { fake?: FakeStripe; database?: Database } = {},
): Promise<{ t: TestApp; fake: FakeStripe }> {
  const fake = options.fake ?? new FakeStripe();
  if (!options.fake) await fake.start();
  const provider = new StripeProvider({
    secretKey: 'sk_test_fake',
    apiBase: fake.url,
    timeoutMs,
  });
  const { payments } = loadConfig({
    PAYMENTS: 'live',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: fake.url,
  });
  const t = await createTestApp(
    { payments },
    { provider, ...(options.database ? { database: options.database } : {}) },
  );
  // Stripe's time is the app's: a jump of the test clock ages the holds there too.
  fake.now = () => t.clock.now().getTime();
  return { t, fake };
}
