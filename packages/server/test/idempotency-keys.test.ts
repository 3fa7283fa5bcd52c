import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_DAYS, pruneExpiredIdempotencyKeys } from '../src/db/idempotency.repository';
import { idempotencyKeys, paymentOperations } from '../src/db/schema';
import { type Member, organizationOf } from './support/fund-members';
import { activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { card, createRequest, details } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
const REUSED = {
  en: 'This Idempotency-Key was already used for another request.',
  it: "Questa Idempotency-Key è già stata usata per un'altra richiesta.",
};

/** The contributors of the current round, as the members see them. */
async function contributorsOf(member: Member, fundId: string): Promise<string[]> {
  const response = await member.client.get(`/api/rotating-fund/${fundId}/monthly-contributions`);
  return (response.json().contributions as { contributorId: string }[]).map((c) => c.contributorId).sort();
}

/**
 * Organizations of these sizes, each with a fund in its first contribution window (the clock
 * is the server's: every fund is made before it jumps). The fund, its payers and recipient.
 */
async function collectingFunds(...sizes: number[]) {
  const made = [];
  for (const size of sizes) {
    const members = await organizationOf(t, size);
    const fund = await activeFund(members);
    made.push({ fund, payers: payersOf(members, fund), recipient: recipientOf(members, fund) });
  }
  await openWindow(made[0]!.payers[0]!);
  return made;
}
const collectingFund = async (size: number) => (await collectingFunds(size))[0]!;

describe('Idempotency-Key: a true replay answers the first answer, any other use of the key is 422', () => {
  it('a replay answers byte for byte; the same key with another body is refused and changes nothing', async () => {
    const { fund, payers } = await collectingFund(3);
    const payer = payers[0]!;
    const url = `/api/rotating-fund/${fund.id}/contributions`;
    const first = await payer.client.post(url, { method: 'manual' }, withKey('key-body-0001'));
    expect(first.statusCode).toBe(200);
    const again = await payer.client.post(url, { method: 'manual' }, withKey('key-body-0001'));
    expect({ status: again.statusCode, type: again.headers['content-type'], body: again.body }).toEqual({
      status: 200,
      type: first.headers['content-type'],
      body: first.body,
    });

    const operationsBefore = (await t.database.db.select({ n: count() }).from(paymentOperations))[0]!.n;
    const changed = await payer.client.post(url, card(), withKey('key-body-0001'));
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: REUSED.en });
    payer.client.language = 'it';
    const inItalian = await payer.client.post(url, card('pm_card_chargeDeclined'), withKey('key-body-0001'));
    expect(inItalian.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: REUSED.it });
    // Nothing was charged or recorded for the refused requests: one manual contribution stands.
    expect((await t.database.db.select({ n: count() }).from(paymentOperations))[0]!.n).toBe(operationsBefore);
    expect(await contributorsOf(payer, fund.id)).toEqual([payer.id]);
  });

  it('the body is compared by its content, not by the order of its fields', async () => {
    const [owner, giver] = await organizationOf(t, 2);
    const request = await createRequest(owner!, 'Washing machine', 10_000);
    const url = `/api/requests/${request.id}/contributions`;
    const { billingAddress: address, ...payment } = card();
    const first = await giver!.client.post(url, { amountCents: 1_500, ...card() }, withKey('key-order-0001'));
    const reordered = await giver!.client.post(
      url,
      {
        billingAddress: {
          country: address.country,
          postalCode: address.postalCode,
          city: address.city,
          line1: address.line1,
        },
        ...payment,
        amountCents: 1_500,
      },
      withKey('key-order-0001'),
    );
    expect(reordered.statusCode).toBe(200);
    expect(reordered.body).toBe(first.body);
    const more = await giver!.client.post(url, { amountCents: 2_500, ...card() }, withKey('key-order-0001'));
    expect(more.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await details(owner!, request.id)).currentAmountCents).toBe(1_500);
  });

  it('another member using the key is refused, and sees nothing of the first answer', async () => {
    const [mine, other] = await collectingFunds(3, 2);
    const { fund, payers } = mine!;
    const [first, second] = payers as [Member, Member];
    const url = `/api/rotating-fund/${fund.id}/contributions`;
    const answer = await first.client.post(url, { method: 'manual' }, withKey('key-user-0001'));
    expect(answer.statusCode).toBe(200);
    const theirs = await second.client.post(url, { method: 'manual' }, withKey('key-user-0001'));
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: REUSED.en });
    expect(await contributorsOf(first, fund.id)).toEqual([first.id]);
    // With a key of their own, the second member's contribution goes through.
    expect((await second.client.post(url, { method: 'manual' }, withKey('key-user-0002'))).statusCode).toBe(
      200,
    );

    // A member of another organization, on their own fund, is refused the same key too.
    const stranger = other!.payers[0]!;
    const refused = await stranger.client.post(
      `/api/rotating-fund/${other!.fund.id}/contributions`,
      { method: 'manual' },
      withKey('key-user-0001'),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.body).not.toContain(fund.id);
    expect(await contributorsOf(stranger, other!.fund.id)).toEqual([]);
  });

  it('the same key on another route, or naming another contribution on the same route, is refused', async () => {
    const { fund, payers, recipient } = await collectingFund(3);
    for (const payer of payers)
      await payer.client.post(`/api/rotating-fund/${fund.id}/contributions`, { method: 'manual' });
    const contributions = async () =>
      (await recipient.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)).json()
        .contributions as { id: string; status: string }[];
    const [one, two] = await contributions();
    const confirm = (id: string) =>
      recipient.client.post(
        `/api/rotating-fund/${fund.id}/contributions/${id}/confirm-receipt`,
        {},
        withKey('key-route-0001'),
      );
    expect((await confirm(one!.id)).statusCode).toBe(200);
    expect((await confirm(two!.id)).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const withdraw = await recipient.client.post(
      `/api/rotating-fund/${fund.id}/withdraw`,
      {},
      withKey('key-route-0001'),
    );
    expect(withdraw.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const request = await createRequest(recipient, 'Bicycle', 10_000);
    const onRequest = await payers[0]!.client.post(
      `/api/requests/${request.id}/contributions`,
      { amountCents: 1_000, ...card() },
      withKey('key-route-0001'),
    );
    expect(onRequest.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Only the first confirmation happened.
    const after = new Map((await contributions()).map((c) => [c.id, c.status]));
    expect(after.get(one!.id)).not.toBe(one!.status);
    expect(after.get(two!.id)).toBe(two!.status);
  });

  it('20 concurrent contributions with one key make one contribution and 20 identical answers', async () => {
    const { fund, payers } = await collectingFund(3);
    const payer = payers[0]!;
    const url = `/api/rotating-fund/${fund.id}/contributions`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => payer.client.post(url, card(), withKey('key-burst-0001'))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await contributorsOf(payer, fund.id)).toEqual([payer.id]);
    expect((await t.database.db.select({ n: count() }).from(paymentOperations))[0]!.n).toBe(1);
  });

  it('members of two organizations racing with one key: one is carried out, the other refused', async () => {
    const funds = await collectingFunds(2, 2);
    const race = await Promise.all(
      funds.map(({ fund, payers }) =>
        payers[0]!.client.post(
          `/api/rotating-fund/${fund.id}/contributions`,
          { method: 'manual' },
          withKey('key-race-0001'),
        ),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const made = await Promise.all(
      funds.map(async ({ fund, payers }) => (await contributorsOf(payers[0]!, fund.id)).length),
    );
    expect(made.sort()).toEqual([0, 1]);
  });

  it('a key stored before request hashes were kept (migration 0009) still replays for its user and route', async () => {
    const { fund, payers } = await collectingFund(3);
    const [payer, other] = payers as [Member, Member];
    const url = `/api/rotating-fund/${fund.id}/contributions`;
    const first = await payer.client.post(url, { method: 'manual' }, withKey('key-legacy-0001'));
    await t.database.db
      .update(idempotencyKeys)
      .set({ requestHash: null })
      .where(eq(idempotencyKeys.key, 'key-legacy-0001'));
    // Its body is unknown, so the rule of then applies: same user and route is a replay.
    const again = await payer.client.post(url, card(), withKey('key-legacy-0001'));
    expect({ status: again.statusCode, body: again.body }).toEqual({ status: 200, body: first.body });
    expect((await other.client.post(url, { method: 'manual' }, withKey('key-legacy-0001'))).statusCode).toBe(
      422,
    );
  });

  it('a key answers its replays for its days, then is pruned by its age', async () => {
    const { fund, payers } = await collectingFund(4);
    const [early, late, fresh] = payers as [Member, Member, Member];
    const url = `/api/rotating-fund/${fund.id}/contributions`;
    for (const [payer, key] of [
      [early, 'key-aged-0001'],
      [late, 'key-aged-0002'],
      [fresh, 'key-aged-0003'],
    ] as const)
      expect((await payer.client.post(url, { method: 'manual' }, withKey(key))).statusCode).toBe(200);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const age = (key: string, days: number) =>
      t.database.db
        .update(idempotencyKeys)
        .set({ createdAt: daysAgo(days) })
        .where(eq(idempotencyKeys.key, key));
    await age('key-aged-0001', IDEMPOTENCY_KEY_DAYS + 5);
    await age('key-aged-0002', IDEMPOTENCY_KEY_DAYS - 1);

    expect(await pruneExpiredIdempotencyKeys(t.database.db, now)).toBe(1);
    const left = await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((row) => row.key).sort()).toEqual(['key-aged-0002', 'key-aged-0003']);
    // Still within its days: a replay is answered as before and changes nothing.
    const replay = await late.client.post(url, { method: 'manual' }, withKey('key-aged-0002'));
    expect(replay.statusCode).toBe(200);
    expect(await contributorsOf(late, fund.id)).toEqual([early.id, late.id, fresh.id].sort());
    expect(await pruneExpiredIdempotencyKeys(t.database.db, now)).toBe(0);
  });
});
