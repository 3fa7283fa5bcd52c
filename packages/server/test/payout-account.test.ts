import type { FundView } from '@giro/contract/fund';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connectPayoutAccount,
  finishOnboarding,
  fundOf,
  type Member,
  organizationOf,
} from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const account = async (member: Member) => (await member.client.get('/api/connect/account')).json();
const card = {
  method: 'card',
  paymentMethodId: 'pm_card_visa',
  billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
};

describe('the connected payment account', () => {
  it('is created, onboarded on the sandbox page, and comes back active to /account/stripe/return', async () => {
    const [m] = (await organizationOf(t, 1)) as [Member];
    expect(await account(m)).toEqual({ id: null, status: 'not_connected', linked: false });
    const created = (await m.client.post('/api/connect/account')).json();
    expect(created).toMatchObject({ status: 'pending', id: expect.stringMatching(/^acct_sbx_/) });
    const url = new URL(created.onboardingUrl);
    expect(url.origin).toBe('http://giro.test');
    const page = await m.client.get(`${url.pathname}${url.search}`);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('sandbox');
    // In the browser's language, as the provider's own page would be; on a phone's width.
    const inLanguage = async (language: 'it' | 'en') => {
      m.client.language = language;
      const { body } = await m.client.get(`${url.pathname}${url.search}`);
      return [/<html lang="(\w+)"/.exec(body)?.[1], /<button[^>]*>([^<]+)</.exec(body)?.[1]];
    };
    expect(await inLanguage('it')).toEqual(['it', "Completa l'attivazione"]);
    expect(await inLanguage('en')).toEqual(['en', 'Complete onboarding']);
    expect(page.body).toContain('width=device-width');
    const back = await finishOnboarding(m, `${url.pathname}${url.search}`, 'complete');
    expect(back).toBe('http://giro.test/account/stripe/return');
    expect(await account(m)).toEqual({ id: created.id, status: 'active', linked: true });
    expect((await m.client.post('/api/connect/account')).json().code).toBe('PAYOUT_ACCOUNT_EXISTS');
  });

  it('unlink stops using it, reconnect brings it back, delete removes it at the provider', async () => {
    const [m] = (await organizationOf(t, 1)) as [Member];
    await connectPayoutAccount(m);
    const id = (await account(m)).id;
    expect((await m.client.post('/api/connect/account/unlink')).json()).toEqual({
      id,
      status: 'not_connected',
      linked: false,
    });
    expect((await m.client.post('/api/connect/account/reconnect')).json()).toEqual({
      id,
      status: 'active',
      linked: true,
    });
    expect((await m.client.delete('/api/connect/account')).json()).toEqual({
      id: null,
      status: 'not_connected',
      linked: false,
    });
    expect(await t.payments.accountStatus(id)).toBeNull();
    expect((await m.client.post('/api/connect/account/unlink')).statusCode).toBe(404);
    const again = (await m.client.post('/api/connect/account')).json();
    expect(again.status).toBe('pending');
  });

  it('the onboarding page refuses a return to another site, and a form without its CSRF token', async () => {
    const [m] = (await organizationOf(t, 1)) as [Member];
    const url = new URL((await m.client.post('/api/connect/account')).json().onboardingUrl);
    const evil = `${url.pathname}?return=https%3A%2F%2Fevil.example%2F&refresh=https%3A%2F%2Fevil.example%2F`;
    expect((await m.client.get(evil)).statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: m.client.cookieHeader },
      payload: 'action=complete',
    });
    expect(forged.statusCode).toBe(403);
    expect((await account(m)).status).toBe('pending');
  });

  it('a payout to a restricted account fails: the money waits at the provider and the round waits', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    await connectPayoutAccount(recipient);
    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card);
    await t.flushOutbox();
    await act(recipient, 'withdraw');
    // The provider restricts the account before the payout runs.
    const created = (await recipient.client.post('/api/connect/account/onboarding-link')).json();
    const url = new URL(created.onboardingUrl);
    await finishOnboarding(recipient, `${url.pathname}${url.search}`, 'restrict');
    await t.flushOutbox();
    const failed = await fundOf(recipient);
    expect(failed).toMatchObject({ phase: 'awaiting_withdrawal' });
    expect(failed.round?.payoutFailed).toBe(true);
    expect(t.payments.calls.filter((c) => c.op === 'payout')).toHaveLength(0);
    // Fixed at the provider, the recipient withdraws again and is paid once.
    await finishOnboarding(recipient, `${url.pathname}${url.search}`, 'complete');
    expect((await account(recipient)).status).toBe('active');
    const paid = (await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`)).json<FundView>();
    expect(paid.round?.state).toBe('distributing');
    await t.flushOutbox();
    expect((await fundOf(recipient)).received).toHaveLength(1);
    expect(t.payments.calls.filter((c) => c.op === 'payout')).toHaveLength(1);
  });

  it('the €10 sandbox test payment needs a PayPal email, and a replayed key pays once', async () => {
    const [m] = (await organizationOf(t, 1)) as [Member];
    const key = { headers: { 'idempotency-key': 'test-payment-1' } };
    const missing = await m.client.post('/api/payments/sandbox-test', {}, key);
    expect([missing.statusCode, missing.json().code]).toEqual([422, 'PAYPAL_EMAIL_REQUIRED']);
    expect((await m.client.put('/api/user/paypal', { paypalEmail: 'anna@paypal.example' })).statusCode).toBe(
      200,
    );
    const first = await m.client.post('/api/payments/sandbox-test', {}, key);
    const again = await m.client.post('/api/payments/sandbox-test', {}, key);
    expect(first.json()).toMatchObject({ ok: true, amountCents: 1000 });
    expect(again.json()).toEqual(first.json());
    expect(t.payments.calls.filter((c) => c.op === 'charge')).toEqual([
      expect.objectContaining({ amountCents: 1000 }),
    ]);
    expect((await m.client.post('/api/payments/sandbox-test')).statusCode).toBe(400); // no key
  });
});
