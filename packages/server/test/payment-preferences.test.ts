import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/insights/rows';
import { type AcceptedPayment, rememberPayment } from '../src/db/payment-preferences.repository';
import { organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const address = { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' };

describe('payment preferences (one-tap payments)', () => {
  it('a card payment saves its billing address and method; Account edits and removes the address', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const [payer, other] = payersOf(members, fund) as [(typeof members)[0], (typeof members)[0]];
    const preferences = async (member = payer) =>
      (await member.client.get('/api/user/payment-preferences')).json();
    expect(await preferences()).toEqual({ lastMethod: null, billingAddress: null });

    await openWindow(payer);
    await act(payer, 'contributions', {
      method: 'card',
      paymentMethodId: 'pm_card_visa',
      billingAddress: address,
    });
    expect(await preferences()).toEqual({ lastMethod: 'card', billingAddress: address });
    // Only one's own: the other payer has nothing saved.
    expect(await preferences(other)).toEqual({ lastMethod: null, billingAddress: null });
    await act(other, 'contributions', { method: 'manual' });
    expect(await preferences(other)).toEqual({ lastMethod: 'manual', billingAddress: null });

    const moved = { line1: 'Corso Italia 5', city: 'Torino', postalCode: '10121', country: 'IT' };
    expect((await payer.client.put('/api/user/billing-address', moved)).statusCode).toBe(200);
    expect((await preferences()).billingAddress).toEqual(moved);
    payer.client.language = 'it';
    const bad = await payer.client.put('/api/user/billing-address', { ...moved, city: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'city' });
    expect((await preferences()).billingAddress).toEqual(moved);
    expect((await payer.client.delete('/api/user/billing-address')).statusCode).toBe(200);
    expect(await preferences()).toEqual({ lastMethod: 'card', billingAddress: null });
  });

  it('a payment the same way as the last leaves the saved row alone; a change writes it', async () => {
    const [member] = await organizationOf(t, 1);
    const { db } = t.database;
    const writer = async () =>
      (
        await rowsOf<{ xmin: string }>(
          db,
          sql`select xmin::text from payment_preferences where user_id = ${member!.id}`,
        )
      )[0]?.xmin;
    const pays = (payment: Omit<AcceptedPayment, 'userId'>) =>
      rememberPayment(db, { userId: member!.id, ...payment }, new Date());
    await pays({ method: 'manual' });
    const first = await writer();
    await pays({ method: 'manual' });
    expect(await writer()).toBe(first);
    await pays({ method: 'card', billingAddress: address });
    const byCard = await writer();
    expect(byCard).not.toBe(first);
    // The same card address again, or a card without one (the saved address stays): untouched.
    await pays({ method: 'card', billingAddress: address });
    await pays({ method: 'card' });
    expect(await writer()).toBe(byCard);
    await pays({ method: 'card', billingAddress: { ...address, city: 'Torino' } });
    expect(await writer()).not.toBe(byCard);
    expect((await member!.client.get('/api/user/payment-preferences')).json()).toEqual({
      lastMethod: 'card',
      billingAddress: { ...address, city: 'Torino' },
    });
  });

  it('is for signed-in members only', async () => {
    const [member] = await organizationOf(t, 1);
    await member!.client.post('/api/logout');
    expect((await member!.client.get('/api/user/payment-preferences')).statusCode).toBe(401);
    expect((await member!.client.put('/api/user/billing-address', address)).statusCode).toBe(401);
  });
});
