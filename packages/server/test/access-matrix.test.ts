import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, type TestClient } from './support/client';
import { type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow } from './support/fund-steps';
import { card } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The access matrix (issue 17), generated from the route table (the OpenAPI document): every
 * route has an entry here, and a new route without one fails. Each route is tried signed out,
 * and each route that names a thing of an organization is tried by a member of another one with
 * that thing's real id: nothing answers 2xx or 5xx, and no answer carries a byte of the other
 * organization's data (its members' names, its ids other than the one in the address).
 */
type Access =
  /** Answers anyone (sign-in, registration, public configuration, token links, secret addresses). */
  | 'public'
  /** A signed-in member's own things: signed out is 401 (or 400 when the body is checked first). */
  | 'member'
  /** The same, and its address names a thing of the caller's organization. */
  | 'organization'
  /** Admins only: to anyone else the route does not exist (404). */
  | 'admin';

const matrix: Record<string, Access> = {
  'GET /api/csrf-token': 'public',
  'GET /api/config': 'public',
  'GET /api/session/check': 'public',
  'GET /api/captcha/challenge': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'POST /api/invite/convert': 'public',
  'POST /api/verify-email': 'public',
  'POST /api/forgot-password': 'public',
  'POST /api/reset-password': 'public',
  'POST /api/user/delete': 'public',
  'POST /api/cookie-consent': 'public',
  'POST /api/passkeys/authentication/options': 'public',
  'POST /api/passkeys/authentication': 'public',
  'GET /api/invite/{code}': 'public',
  'GET /api/push/public-key': 'public',
  'GET /api/calendar-feed/{userId}/{file}': 'public',
  'GET /api/test/time': 'public',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /api/user': 'member',
  'PATCH /api/user': 'member',
  'POST /api/verify-email/send': 'member',
  'POST /api/change-password': 'member',
  'PUT /api/user/language': 'member',
  'PUT /api/user/paypal': 'member',
  'POST /api/user/delete-request': 'member',
  'GET /api/account/export': 'member',
  'POST /api/passkeys/registration/options': 'member',
  'POST /api/passkeys/registration': 'member',
  'GET /api/passkeys': 'member',
  'PATCH /api/passkeys/{id}': 'member',
  'DELETE /api/passkeys/{id}': 'member',
  'GET /api/sessions': 'member',
  'DELETE /api/sessions/{id}': 'member',
  'POST /api/sessions/sign-out-others': 'member',
  'GET /api/security-events': 'member',
  'GET /api/family': 'member',
  'POST /api/family': 'member',
  'POST /api/family/join': 'member',
  'POST /api/family/leave': 'member',
  'GET /api/family/members': 'member',
  'GET /api/dashboard': 'member',
  'GET /api/statistics/me': 'member',
  'GET /api/statistics/me/statement.csv': 'member',
  'GET /api/rotating-fund': 'member',
  'POST /api/rotating-fund': 'member',
  'GET /api/monthly-contributions': 'member',
  'GET /api/debts': 'member',
  'GET /api/requests': 'member',
  'GET /api/requests/payouts-owed': 'member',
  'POST /api/requests': 'member',
  'GET /api/user-notifications': 'member',
  'POST /api/user-notifications/read': 'member',
  'POST /api/test/time/fast-forward': 'member',
  'POST /api/test/time/reset': 'member',
  'GET /api/connect/account': 'member',
  'POST /api/connect/account': 'member',
  'DELETE /api/connect/account': 'member',
  'POST /api/connect/account/onboarding-link': 'member',
  'POST /api/connect/account/unlink': 'member',
  'POST /api/connect/account/reconnect': 'member',
  'POST /api/payments/sandbox-test': 'member',
  'GET /api/payments/confirmations': 'member',
  'GET /api/user/payment-preferences': 'member',
  'PUT /api/user/billing-address': 'member',
  'DELETE /api/user/billing-address': 'member',
  'POST /api/push/subscriptions': 'member',
  'DELETE /api/push/subscriptions': 'member',
  'POST /api/push/test': 'member',
  'GET /api/notification-preferences': 'member',
  'PUT /api/notification-preferences': 'member',
  'GET /api/calendar-feed': 'member',
  'POST /api/calendar-feed/rotate': 'member',
  'GET /api/rotating-fund/{id}/voting-state': 'organization',
  'GET /api/rotating-fund/{id}/contribution-state': 'organization',
  'GET /api/rotating-fund/{id}/contribution-deadlines': 'organization',
  'GET /api/rotating-fund/{id}/summary': 'organization',
  'GET /api/rotating-fund/{id}/withdrawal-date-voting': 'organization',
  'GET /api/rotating-fund/{id}/monthly-contributions': 'organization',
  'GET /api/rotating-fund/{id}/history': 'organization',
  'GET /api/rotating-fund/{id}/risk': 'organization',
  'GET /api/rotating-fund/{id}/emergency-votes': 'organization',
  'POST /api/rotating-fund/{id}/votes/amount': 'organization',
  'POST /api/rotating-fund/{id}/votes/confirmation': 'organization',
  'POST /api/rotating-fund/{id}/dismissal/acknowledge': 'organization',
  'POST /api/rotating-fund/{id}/votes/restart': 'organization',
  'POST /api/rotating-fund/{id}/votes/withdrawal-date': 'organization',
  'POST /api/rotating-fund/{id}/contributions/{cid}/confirm-receipt': 'organization',
  'POST /api/rotating-fund/{id}/contributions/{cid}/not-received': 'organization',
  'POST /api/rotating-fund/{id}/contributions/{cid}/cancel': 'organization',
  'POST /api/rotating-fund/{id}/contributions/{cid}/refund': 'organization',
  'POST /api/rotating-fund/{id}/withdraw': 'organization',
  'POST /api/rotating-fund/{id}/emergency-votes/{vid}': 'organization',
  'POST /api/rotating-fund/{id}/contributions': 'organization',
  'POST /api/rotating-fund/{id}/swaps': 'organization',
  'POST /api/rotating-fund/{id}/swaps/{swapId}/accept': 'organization',
  'POST /api/rotating-fund/{id}/swaps/{swapId}/decline': 'organization',
  'DELETE /api/rotating-fund/{id}/swaps/{swapId}': 'organization',
  'POST /api/debts/{id}/settle': 'organization',
  'POST /api/debts/{id}/confirm': 'organization',
  'POST /api/debts/{id}/not-received': 'organization',
  'GET /api/requests/{id}': 'organization',
  'PATCH /api/requests/{id}': 'organization',
  'POST /api/requests/{id}/cancel': 'organization',
  'POST /api/requests/{id}/conclude': 'organization',
  'POST /api/requests/{id}/retry-payout': 'organization',
  'POST /api/requests/{id}/contributions': 'organization',
  'DELETE /api/user-notifications/{id}': 'organization',
  'GET /api/admin/api-monitoring': 'admin',
  'GET /api/admin/api-logs': 'admin',
  'POST /api/admin/tester-invites': 'admin',
  'POST /api/admin/users/{id}/role': 'admin',
  'GET /api/admin/admins': 'admin',
  'POST /api/admin/admins': 'admin',
  'GET /api/admin/overview': 'admin',
  'GET /api/admin/invite-tracking': 'admin',
  'POST /api/admin/tester-invites/{id}/revoke': 'admin',
  'GET /api/admin/statistics': 'admin',
  'GET /api/admin/fund-metrics': 'admin',
  'GET /api/admin/reconciliation': 'admin',
  'POST /api/admin/reconciliation': 'admin',
  'GET /api/admin/email-tracking': 'admin',
  'GET /api/admin/email-templates': 'admin',
  'GET /api/admin/email-templates/{key}/{lang}': 'admin',
  'PUT /api/admin/email-templates/{key}/{lang}': 'admin',
  'DELETE /api/admin/email-templates/{key}/{lang}': 'admin',
  'POST /api/admin/email-templates/{key}/{lang}/preview': 'admin',
};

/** A body the route accepts, so that what answers is the access rule, not the body's check. */
const bodies: Record<string, unknown> = {
  'POST /api/rotating-fund/{id}/votes/amount': { amountCents: 5000 },
  'POST /api/rotating-fund/{id}/votes/confirmation': { accept: true },
  'POST /api/rotating-fund/{id}/votes/withdrawal-date': { option: '14d' },
  'POST /api/rotating-fund/{id}/emergency-votes/{vid}': { choice: 'skip' },
  'POST /api/rotating-fund/{id}/contributions': { method: 'manual' },
  'POST /api/rotating-fund/{id}/swaps': { withMemberId: '00000000-0000-4000-8000-000000000000' },
  'POST /api/debts/{id}/settle': { method: 'manual' },
  'PATCH /api/requests/{id}': { title: 'Una richiesta', description: '' },
  'POST /api/requests/{id}/contributions': { amountCents: 500, method: 'paypal' },
};

let t: TestApp;
let routes: string[];
let victims: Member[];
let outsider: Member;
let ids: Record<string, string>;
let secrets: string[];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
  // Organization A: a running round with a cover, an open swap and a request.
  victims = await organizationOf(t, 4);
  const fund = await activeFund(victims);
  const [, second, third, fourth] = fund.order.map((id) => victims.find((m) => m.id === id)!) as Member[];
  await openWindow(second!);
  await act(second!, 'contributions', { ...card(), onBehalfOf: third!.id });
  const swap = (
    await second!.client.post(`/api/rotating-fund/${fund.id}/swaps`, { withMemberId: fourth!.id })
  ).json<{ id: string }>();
  const request = (
    await third!.client.post('/api/requests', {
      title: 'Caldaia nuova',
      description: '',
      targetAmountCents: 50_000,
    })
  ).json<{ id: string }>();
  const contributionId = (await second!.client.get(`/api/rotating-fund/${fund.id}/contribution-state`)).json<{
    id: string;
  }>().id;
  void contributionId;
  const contributions = (
    await second!.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
  ).json<{ contributions: { id: string }[] }>().contributions;
  await t.flushOutbox();
  const notification = (await fourth!.client.get('/api/user-notifications')).json<{
    notifications: { id: string }[];
  }>().notifications[0]!;
  ids = {
    id: fund.id,
    cid: contributions[0]!.id,
    vid: 'vote-that-is-not-yours',
    swapId: swap.id,
    request: request.id,
    // A cover by card counts at once: its debt (same id as the contribution) exists, pending.
    debt: (await third!.client.get('/api/debts')).json<{ debts: { id: string }[] }>().debts[0]!.id,
    notification: notification.id,
  };
  // Organization B: the outsider, with a fund of its own, so a 404 is about the id, not a missing fund.
  const others = await organizationOf(t, 2);
  await activeFund(others);
  outsider = others[0]!;
  secrets = [...victims.flatMap((m) => [m.name, m.id]), request.id, swap.id, 'Caldaia nuova'];
}, 120_000);
afterAll(async () => t.close());

/** The address with the victims' ids in it. */
function addressOf(route: string): string {
  const path = route.slice(route.indexOf(' ') + 1);
  const idFor = (name: string) => {
    if (path.startsWith('/api/requests/')) return ids.request!;
    if (path.startsWith('/api/debts/')) return ids.debt!;
    if (path.startsWith('/api/user-notifications/')) return ids.notification!;
    return ids[name] ?? '00000000-0000-4000-8000-000000000000';
  };
  return path.replace(/\{(\w+)\}/g, (_, name: string) => idFor(name));
}

const bodyOf = (route: string): unknown => bodies[route] ?? {};

async function call(client: TestClient, route: string) {
  const method = route.slice(0, route.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return client.request(method, addressOf(route), method === 'GET' ? undefined : bodyOf(route));
}

describe('the access matrix (issue 17)', () => {
  it('every route of the API has an entry, and every entry is a route', () => {
    expect(routes.filter((route) => !(route in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('signed out: every route that is not public answers 401 (an admin route 404; 400 on a body checked first), never data', async () => {
    const anonymous = (await register(t.app, {})).client;
    await anonymous.post('/api/logout');
    const wrong: string[] = [];
    for (const route of routes.filter((r) => matrix[r] !== 'public')) {
      const response = await call(anonymous, route);
      // A route whose body we do not give may check it first (400, which says nothing either).
      const withBody = route.startsWith('GET ') || route in bodies;
      const expected = matrix[route] === 'admin' ? [404] : withBody ? [401] : [400, 401];
      if (!expected.includes(response.statusCode)) wrong.push(`${route} → ${response.statusCode}`);
      else if (secrets.some((secret) => response.body.includes(secret))) wrong.push(`${route} leaks`);
    }
    expect(wrong).toEqual([]);
  });

  it('a plain member on every admin route: 404, as if it did not exist', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => matrix[r] === 'admin')) {
      const response = await call(outsider.client, route);
      if (response.statusCode !== 404) wrong.push(`${route} → ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a member of another organization, with the real ids of this one's things: 404, and not a byte of its data", async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => matrix[r] === 'organization')) {
      const response = await call(outsider.client, route);
      if (response.statusCode !== 404)
        wrong.push(`${route} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      else if (secrets.some((secret) => response.body.includes(secret))) wrong.push(`${route} leaks`);
    }
    expect(wrong).toEqual([]);
  });
});
