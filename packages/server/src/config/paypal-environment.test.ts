import { describe, expect, it } from 'vitest';
import { paypalApiBase } from '../payments/paypal.provider';
import { ConfigError, loadConfig } from './env';

const live = {
  PAYMENTS: 'live',
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_test',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'secret',
};
const paypalOf = (env: Record<string, string>) => {
  const { payments } = loadConfig(env);
  return payments.mode === 'live' ? payments.paypal : null;
};

/** PayPal's keys do not say which PayPal they are for: real money only when asked for by name. */
describe('the PayPal environment', () => {
  it('is the sandbox unless production is asked for; anything else is refused', () => {
    expect(paypalOf(live)?.environment).toBe('sandbox');
    expect(paypalOf({ ...live, PAYPAL_ENVIRONMENT: 'production' })?.environment).toBe('production');
    expect(() => loadConfig({ ...live, PAYPAL_ENVIRONMENT: 'live' })).toThrow(ConfigError);
  });

  it("names PayPal's own hosts", () => {
    expect(paypalApiBase('production')).toBe('https://api-m.paypal.com');
    expect(paypalApiBase('sandbox')).toBe('https://api-m.sandbox.paypal.com');
  });
});
