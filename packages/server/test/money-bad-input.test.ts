import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentOperations } from '../src/db/schema';
import { DAY, fastForward, fundOf, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { card, createRequest, details } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** Issue 5, bad input: amounts that are negative, zero, fractional, huge or strings. */
const BAD_AMOUNTS: unknown[] = [-100, 0, 10.5, 1e15, Number.MAX_SAFE_INTEGER + 2, '100', null, true];

const operationCount = async () => (await t.database.db.select().from(paymentOperations)).length;

async function refusedWith(response: { statusCode: number; json<T>(): T }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json<{ code: string; message: string }>();
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(5);
  return body;
}

describe('money routes refuse bad input with a 4xx and the catalogue message, and move nothing', () => {
  it('a funding request contribution of a bad amount', async () => {
    const [ann, bob] = (await organizationOf(t, 2)) as [Member, Member];
    const request = await createRequest(ann, 'Bici', 10_000);
    for (const amountCents of BAD_AMOUNTS) {
      const response = await bob.client.post(`/api/requests/${request.id}/contributions`, {
        amountCents,
        ...card(),
      });
      // A huge whole number is a well-formed amount, refused as more than the request still needs.
      if (amountCents === 1e15) await refusedWith(response, 422, 'AMOUNT_OVER_REMAINING');
      else await refusedWith(response, 400, 'VALIDATION_ERROR');
    }
    bob.client.language = 'it';
    const italian = await bob.client.post(`/api/requests/${request.id}/contributions`, {
      amountCents: -1,
      ...card(),
    });
    expect((await refusedWith(italian, 400, 'VALIDATION_ERROR')).message).toBe(
      'Controlla i dati inseriti e riprova.',
    );
    expect((await details(bob, request.id)).currentAmountCents).toBe(0);
    expect(await operationCount()).toBe(0);
  });

  it('a fund amount vote of a bad amount; a contribution that names its own amount', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members, 1000);
    await openWindow(members[0]!);
    const [payer] = payersOf(members, fund) as [Member];
    const base = `/api/rotating-fund/${fund.id}`;
    for (const amountCents of BAD_AMOUNTS) {
      const response = await payer.client.post(`${base}/contributions`, { ...card(), amountCents });
      await refusedWith(response, 400, 'VALIDATION_ERROR');
    }
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
    expect(await operationCount()).toBe(0);

    const [m] = (await organizationOf(t, 1)) as [Member];
    await m.client.post('/api/rotating-fund');
    const votingFund = await fundOf(m);
    for (const amountCents of BAD_AMOUNTS) {
      const response = await m.client.post(`/api/rotating-fund/${votingFund.id}/votes/amount`, {
        amountCents,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it("another member's contribution id, and a refund of what was already refunded", async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members, 1000);
    const recipient = recipientOf(members, fund);
    await openWindow(members[0]!);
    const [first, second] = payersOf(members, fund) as [Member, Member];
    await act(first, 'contributions', card());
    await act(second, 'contributions', card());
    await t.flushOutbox();
    const contributionOf = async (member: Member) =>
      (await member.client.get('/api/monthly-contributions')).json<{ contributions: { id: string }[] }>()
        .contributions[0]!.id;
    const firstId = await contributionOf(first);
    const secondId = await contributionOf(second);

    // The recipient cannot "confirm receipt" of a card payment, nor anyone refund another's.
    const base = `/api/rotating-fund/${fund.id}/contributions`;
    await refusedWith(
      await recipient.client.post(`${base}/${firstId}/confirm-receipt`),
      404,
      'CONTRIBUTION_NOT_FOUND',
    );
    await refusedWith(await first.client.post(`${base}/${secondId}/refund`), 404, 'CONTRIBUTION_NOT_FOUND');
    await refusedWith(await first.client.post(`${base}/not-a-uuid/refund`), 400, 'VALIDATION_ERROR');

    // The recipient never connects an account: 24 hours later every contribution is refunded, once.
    await fastForward(members[0]!, DAY + 1);
    await t.flushOutbox();
    const refunds = () => t.payments.calls.filter((c) => c.op === 'refund').length;
    expect(refunds()).toBe(2);
    const again = await first.client.post(`${base}/${firstId}/refund`);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(again.json()).toMatchObject({ code: 'NOT_REFUNDABLE', message: expect.any(String) });
    await t.flushOutbox();
    expect(refunds()).toBe(2);
  });
});
