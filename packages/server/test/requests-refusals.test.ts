import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  endedRequests,
  idempotencyKeys,
  ledgerTransactions,
  paymentOperations,
  requestEvents,
  requestStates,
} from '../src/db/schema';
import { type Member, organizationOf } from './support/fund-members';
import { card, contribute, createRequest, details } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** Every row a request command may write: none of them may change on a refusal. */
async function written() {
  const db = t.database.db;
  const rows = await Promise.all(
    [requestStates, requestEvents, endedRequests, ledgerTransactions, paymentOperations, idempotencyKeys].map(
      async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
    ),
  );
  const versions = await db.select({ v: requestStates.version }).from(requestStates);
  return { rows, versions: versions.map((v) => v.v).sort() };
}

/** Sends a request that must be refused: its status, its message in the member's language, nothing written. */
async function refused(
  member: Member,
  method: 'post' | 'patch' | 'get',
  url: string,
  body: unknown,
  status: number,
  message: string,
) {
  const before = await written();
  const response = method === 'get' ? await member.client.get(url) : await member.client[method](url, body);
  expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
  expect(await written()).toEqual(before);
  return response.json();
}

describe('funding requests refuse bad input with the right 4xx and message, writing nothing', () => {
  it('over the remaining amount, the owner contributing, a non-owner cancelling or concluding', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(bob!, request.id, 7_000);
    const url = `/api/requests/${request.id}`;
    await refused(
      cat!,
      'post',
      `${url}/contributions`,
      { amountCents: 3_001, ...card() },
      422,
      'The amount is more than what remains to the target.',
    );
    await refused(
      ann!,
      'post',
      `${url}/contributions`,
      { amountCents: 100, ...card() },
      403,
      'You cannot contribute to your own request.',
    );
    await refused(bob!, 'post', `${url}/cancel`, {}, 403, 'Only the owner of the request can do this.');
    await refused(bob!, 'post', `${url}/conclude`, {}, 403, 'Only the owner of the request can do this.');
    await refused(bob!, 'patch', url, { title: 'Mine' }, 403, 'Only the owner of the request can do this.');
    cat!.client.language = 'it';
    await refused(
      cat!,
      'post',
      `${url}/contributions`,
      { amountCents: 3_001, ...card() },
      422,
      "L'importo supera quanto manca all'obiettivo.",
    );
    await refused(
      cat!,
      'post',
      `${url}/contributions`,
      { amountCents: 99, ...card() },
      400,
      'Importo non valido',
    );
    // 2,950 of the 3,000 that remain would leave €0.50, which nobody could give.
    await refused(
      cat!,
      'post',
      `${url}/contributions`,
      { amountCents: 2_950, ...card() },
      422,
      'Versa tutto quanto manca, oppure lascia almeno 1,00 € agli altri: meno non si potrebbe versare.',
    );
    await refused(
      cat!,
      'post',
      `${url}/contributions`,
      { amountCents: 500, ...card(), message: 'x'.repeat(281) },
      400,
      'Controlla i dati inseriti e riprova.',
    );
    expect((await details(cat!, request.id)).currentAmountCents).toBe(7_000);
  });

  it('a second pending request by the same member, too long a title, a target out of range', async () => {
    const [ann, bob] = await organizationOf(t, 2);
    await createRequest(ann!, 'First', 5_000);
    await createRequest(bob!, 'Second', 5_000);
    const body = { title: 'Another', description: '', targetAmountCents: 5_000 };
    await refused(bob!, 'post', '/api/requests', body, 409, 'You already have an open request.');
    const [cat] = await organizationOf(t, 1);
    const long = await refused(
      cat!,
      'post',
      '/api/requests',
      { ...body, title: 'x'.repeat(121) },
      400,
      'Please check your input and try again.',
    );
    expect(long.details[0].field).toBe('title');
    await refused(
      cat!,
      'post',
      '/api/requests',
      { ...body, title: 'ab' },
      400,
      'Please check your input and try again.',
    );
    await refused(
      cat!,
      'post',
      '/api/requests',
      { ...body, targetAmountCents: 5_000_001 },
      400,
      'Please check your input and try again.',
    );
  });

  it("another organization's request id is not found, whatever the route", async () => {
    const [ann, bob] = await organizationOf(t, 2);
    const [outsider] = await organizationOf(t, 1);
    const request = await createRequest(ann!, 'Private', 5_000);
    const url = `/api/requests/${request.id}`;
    const notFound = 'Request not found.';
    await refused(outsider!, 'get', url, undefined, 404, notFound);
    await refused(outsider!, 'post', `${url}/contributions`, { amountCents: 100, ...card() }, 404, notFound);
    await refused(outsider!, 'post', `${url}/cancel`, {}, 404, notFound);
    await refused(outsider!, 'patch', url, { title: 'Taken' }, 404, notFound);
    expect((await outsider!.client.get('/api/requests')).json()).toEqual({
      active: null,
      queued: [],
      recentActivity: [],
    });
    expect((await details(bob!, request.id)).title).toBe('Private');
  });

  it('state conflicts: a pending request takes no money; an ended one is not cancelled nor edited; an active target stays', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    const first = await createRequest(ann!, 'First', 1_000);
    const second = await createRequest(bob!, 'Second', 5_000);
    await refused(
      cat!,
      'post',
      `/api/requests/${second.id}/contributions`,
      { amountCents: 100, ...card() },
      409,
      'The request is not active.',
    );
    await contribute(cat!, first.id, 1_000);
    await refused(ann!, 'post', `/api/requests/${first.id}/cancel`, {}, 409, 'The request is closed.');
    await refused(
      ann!,
      'patch',
      `/api/requests/${first.id}`,
      { title: 'Later' },
      409,
      'The request is closed.',
    );
    await refused(
      bob!,
      'patch',
      `/api/requests/${second.id}`,
      { targetAmountCents: 1_000 },
      409,
      'The request is not active.',
    );
  });

  it('a replayed Idempotency-Key contributes once and answers the first answer', async () => {
    const [ann, bob] = await organizationOf(t, 2);
    const request = await createRequest(ann!, 'Fridge', 10_000);
    const headers = { 'idempotency-key': 'contribution-key-1' };
    const send = () =>
      bob!.client.post(
        `/api/requests/${request.id}/contributions`,
        { amountCents: 1_000, ...card() },
        { headers },
      );
    const first = await send();
    const again = await send();
    expect(again.json()).toEqual(first.json());
    expect((await details(ann!, request.id)).currentAmountCents).toBe(1_000);
  });
});
