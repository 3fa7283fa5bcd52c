import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../src/db/schema';
import type { FakeStripe } from './support/fake-stripe';
import { type Member, organizationOf } from './support/fund-members';
import { liveStripeApp } from './support/live-stripe-app';
import type { TestApp } from './support/test-app';

/**
 * Webhook torture (issue 17): 1,000 provider events (WEBHOOK_EVENTS), each delivered 2 to 5
 * times, shuffled by a printed seed, 25 at a time, with 100 forged signatures and 100 signed
 * 301 s ago (outside the SDK's 300 s tolerance) among them. Every forged or stale delivery is refused, every event is handled
 * once, and the accounts end as the provider says: what one ordered delivery would give.
 */
const EVENTS = Number(process.env.WEBHOOK_EVENTS ?? 1000);
const SECRET = 'whsec_storm_secret';

let t: TestApp;
let fake: FakeStripe;
let members: Member[];
let accounts: string[];

beforeAll(async () => {
  ({ t, fake } = await liveStripeApp(SECRET, 2000));
  members = await organizationOf(t, 4);
  accounts = [];
  for (const m of members)
    accounts.push((await m.client.post('/api/connect/account')).json<{ id: string }>().id);
}, 120_000);
afterAll(async () => {
  await t.close();
  await fake.stop();
});

function deliver(id: string, accountId: string, how: 'good' | 'forged' | 'stale') {
  const payload = JSON.stringify({
    object: 'event',
    id,
    type: 'account.updated',
    data: { object: { id: accountId } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: how === 'forged' ? 'whsec_forged' : SECRET,
    ...(how === 'stale' ? { timestamp: Math.floor(Date.now() / 1000) - 301 } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

describe('webhook storm (issue 17)', () => {
  it(`${EVENTS} events, each 2–5 times, shuffled and concurrent, with forged and stale ones: each applied once, the end is the provider's truth`, async () => {
    // The provider's truth: half the accounts active, half restricted.
    for (const [i, id] of accounts.entries()) fake.setAccount(id, i % 2 === 0 ? 'active' : 'restricted');
    const seed = Number(process.env.STORM_SEED ?? Date.now() % 2 ** 31);
    const plan = fc.sample(
      fc.tuple(
        fc.array(fc.integer({ min: 2, max: 5 }), { minLength: EVENTS, maxLength: EVENTS }),
        fc.array(fc.nat(), { minLength: EVENTS * 5, maxLength: EVENTS * 5 }),
      ),
      { numRuns: 1, seed },
    )[0]!;
    const [times, order] = plan;
    type Delivery = { id: string; accountId: string; how: 'good' | 'forged' | 'stale' };
    const deliveries: Delivery[] = [];
    for (let i = 0; i < EVENTS; i++)
      for (let k = 0; k < times[i]!; k++)
        deliveries.push({ id: `evt_storm_${i}`, accountId: accounts[i % accounts.length]!, how: 'good' });
    const bad = Math.ceil(EVENTS / 10);
    for (let i = 0; i < bad; i++) {
      deliveries.push({ id: `evt_forged_${i}`, accountId: accounts[0]!, how: 'forged' });
      deliveries.push({ id: `evt_stale_${i}`, accountId: accounts[1]!, how: 'stale' });
    }
    // A seeded shuffle (Fisher–Yates over the drawn numbers).
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = order[i % order.length]! % (i + 1);
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    const answers: { how: Delivery['how']; id: string; status: number; duplicate: boolean }[] = [];
    for (let i = 0; i < deliveries.length; i += 25) {
      const batch = deliveries.slice(i, i + 25);
      const responses = await Promise.all(batch.map((d) => deliver(d.id, d.accountId, d.how)));
      for (const [k, response] of responses.entries())
        answers.push({
          how: batch[k]!.how,
          id: batch[k]!.id,
          status: response.statusCode,
          duplicate:
            response.statusCode === 200 && response.json<{ duplicate?: boolean }>().duplicate === true,
        });
    }
    const context = `seed ${seed} (STORM_SEED=${seed} reproduces it)`;
    // Every forged and stale delivery refused; every good one accepted.
    expect(
      answers.filter((a) => a.how !== 'good' && a.status !== 400),
      context,
    ).toEqual([]);
    expect(
      answers.filter((a) => a.how === 'good' && a.status !== 200),
      context,
    ).toEqual([]);
    // Each event handled exactly once: one first delivery each, the rest answered as duplicates.
    const firsts = answers.filter((a) => a.how === 'good' && !a.duplicate).map((a) => a.id);
    expect(new Set(firsts).size, context).toBe(EVENTS);
    expect(firsts.length, context).toBe(EVENTS);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(webhookEvents)
      .where(eq(webhookEvents.provider, 'stripe'));
    expect(stored!.n).toBe(EVENTS);
    // The end is the provider's truth, whatever the order.
    for (const [i, m] of members.entries())
      expect((await m.client.get('/api/connect/account')).json<{ status: string }>().status, context).toBe(
        i % 2 === 0 ? 'active' : 'restricted',
      );
  }, 240_000);
});
