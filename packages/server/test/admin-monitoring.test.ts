import type { ApiMonitoring } from '@giro/contract/admin-monitoring';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { apiRequests } from '../src/db/schema';
import { pruneApiRequests } from '../src/jobs/prune-old-rows';
import { safeRequestSerializer } from '../src/monitoring/request-id';
import { appWithAdmin } from './support/admin-app';
import { register, TestClient } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
afterEach(async () => t?.close());

async function setUp(overrides = {}) {
  const setup = await appWithAdmin(overrides);
  t = setup.t;
  return setup.admin;
}

const ADMIN_ROUTES: [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string][] = [
  ['GET', '/api/admin/api-monitoring'],
  ['GET', '/api/admin/api-logs'],
  ['GET', '/api/admin/api-logs?status=bogus'],
  ['GET', '/api/admin/email-tracking'],
  ['GET', '/api/admin/email-templates'],
  ['GET', '/api/admin/email-templates/verify_email/en'],
  ['PUT', '/api/admin/email-templates/verify_email/en'],
  ['POST', '/api/admin/email-templates/verify_email/en/preview'],
  ['DELETE', '/api/admin/email-templates/verify_email/en'],
];

describe('monitoring and email admin routes', () => {
  it('answer 404 to a member and to anyone signed out, whatever the body', async () => {
    await setUp();
    const member = await register(t.app);
    for (const client of [member.client, new TestClient(t.app)])
      for (const [method, url] of ADMIN_ROUTES) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : { subject: 'x', body: '{{link}}' };
        const response = await client.request(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
  });
});

describe('GET /api/admin/api-logs', () => {
  it('records every API request with route template, status, user and the request id it answered with', async () => {
    const admin = await setUp();
    const adminId = admin.response.json().id;
    const member = await register(t.app);
    const memberId = member.response.json().id;
    const notFound = await member.client.get('/api/requests/00000000-0000-4000-8000-000000000000');
    expect(notFound.statusCode).toBe(404);
    const requestId = notFound.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const page = (await admin.client.get(`/api/admin/api-logs?userId=${memberId}&status=4xx`)).json();
    expect(page.items[0]).toMatchObject({
      method: 'GET',
      route: '/api/requests/:id',
      status: 404,
      userId: memberId,
      requestId,
    });
    expect(page.items.every((item: { status: number }) => item.status >= 400 && item.status < 500)).toBe(
      true,
    );

    const byRoute = (await admin.client.get('/api/admin/api-logs?route=/api/register')).json();
    expect(byRoute.items.length).toBe(2);
    expect(new Set(byRoute.items.map((item: { route: string }) => item.route))).toEqual(
      new Set(['/api/register']),
    );
    const mine = (await admin.client.get(`/api/admin/api-logs?userId=${adminId}`)).json();
    expect(mine.items.every((item: { userId: string }) => item.userId === adminId)).toBe(true);
    // No URL is kept: a query string never reaches the log.
    expect(JSON.stringify(byRoute)).not.toContain('?');
  });

  it('pages newest first by keyset and filters by time', async () => {
    const admin = await setUp();
    for (let i = 0; i < 7; i++) await admin.client.get('/api/user');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `route=/api/user&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { items: { id: number }[]; nextCursor: string | null } = (
        await admin.client.get(`/api/admin/api-logs?${query}`)
      ).json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(7);
    expect(new Set(seen).size).toBe(seen.length);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await admin.client.get(`/api/admin/api-logs?from=${future}`)).json().items).toEqual([]);
    expect((await admin.client.get('/api/admin/api-logs?cursor=garbage')).statusCode).toBe(400);
    expect((await admin.client.get('/api/admin/api-logs?status=600')).statusCode).toBe(400);
  });

  it('keeps the log bounded by count and by age', async () => {
    await setUp();
    const now = t.clock.now();
    const rows = Array.from({ length: 30 }, (_, i) => ({
      at: new Date(now.getTime() - (i < 10 ? 10 * 86_400_000 : i * 1000)),
      method: 'GET',
      route: '/api/user',
      status: 200,
      durationMs: 1,
      requestId: `r${i}`,
    }));
    await t.database.db.delete(apiRequests);
    await t.database.db.insert(apiRequests).values(rows);
    await pruneApiRequests(t.database.db, now, { maxRows: 15, maxAgeDays: 7 });
    const left = await t.database.db.select().from(apiRequests);
    expect(left.length).toBe(15);
    expect(left.every((row) => row.at.getTime() > now.getTime() - 86_400_000)).toBe(true);
  });
});

describe('GET /api/admin/api-monitoring', () => {
  it('gives per-route counts, error rates and percentiles, the hourly series and the process health', async () => {
    const admin = await setUp();
    for (let i = 0; i < 4; i++) await admin.client.get('/api/user');
    await admin.client.get('/api/requests/not-a-uuid');
    const body = (await admin.client.get('/api/admin/api-monitoring')).json();
    const user = body.lastHour.find((row: { route: string }) => row.route === '/api/user');
    expect(user).toMatchObject({ method: 'GET', count: 4, errorRate: 0, clientErrorRate: 0 });
    expect(user.p50Ms).toBeGreaterThan(0);
    expect(user.p99Ms).toBeGreaterThanOrEqual(user.p95Ms);
    expect(user.p95Ms).toBeGreaterThanOrEqual(user.p50Ms);
    expect(body.lastDay.find((row: { route: string }) => row.route === '/api/user').count).toBe(4);
    expect(body.series).toHaveLength(24);
    expect(body.series.at(-1).count).toBeGreaterThanOrEqual(5);
    expect(body.health).toMatchObject({ openSockets: 0, deadlineLagSeconds: 0, droppedRequests: 0 });
    expect(body.health.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.health.rssBytes).toBeGreaterThan(0);
    expect(body.health.outboxBacklog).toBeGreaterThanOrEqual(0);
  });

  it('gives exactly what percentile_cont over each window gives, from the hour and the day boundary on', async () => {
    const admin = await setUp();
    const now = t.clock.now().getTime();
    const MIN = 60_000;
    // Two routes only this test uses, spread over the last day and beyond it, with server and
    // client errors; durations not in any order.
    const rows = Array.from({ length: 400 }, (_, i) => ({
      at: new Date(now - ((i * 7919) % (26 * 60)) * MIN - (i % 60) * 1000),
      method: i % 3 === 0 ? 'POST' : 'GET',
      route: `/test/route-${i % 2}`,
      status: i % 17 === 0 ? 500 : i % 11 === 0 ? 404 : 200,
      durationMs: ((i * 37) % 101) + (i % 7) / 8,
      requestId: `seeded-${i}`,
    }));
    await t.database.db.insert(apiRequests).values(rows);
    const body = (await admin.client.get('/api/admin/api-monitoring')).json<ApiMonitoring>();

    const expected = async (since: number) =>
      (
        (await t.database.db.execute(sql`select method, route, count(*)::int as count,
            avg(case when status >= 500 then 1.0 else 0.0 end)::text as errors,
            avg(case when status between 400 and 499 then 1.0 else 0.0 end)::text as client,
            percentile_cont(array[0.5, 0.95, 0.99]) within group (order by duration_ms) as p
          from api_requests where route like '/test/%' and at >= ${new Date(since).toISOString()}::timestamptz
          group by method, route`)) as unknown as {
          rows: {
            method: string;
            route: string;
            count: number;
            errors: string;
            client: string;
            p: number[];
          }[];
        }
      ).rows.map(({ p, errors, client, ...row }) => ({
        ...row,
        errorRate: Math.round(Number(errors) * 100) / 100,
        clientErrorRate: Math.round(Number(client) * 100) / 100,
        p50Ms: Math.round(p[0]! * 100) / 100,
        p95Ms: Math.round(p[1]! * 100) / 100,
        p99Ms: Math.round(p[2]! * 100) / 100,
      }));
    const seeded = (stats: ApiMonitoring['lastDay']) => stats.filter((row) => row.route.startsWith('/test/'));
    const byKey = (a: { method: string; route: string }, b: { method: string; route: string }) =>
      `${a.method} ${a.route}` < `${b.method} ${b.route}` ? -1 : 1;
    expect(seeded(body.lastDay).sort(byKey)).toEqual((await expected(now - 1440 * MIN)).sort(byKey));
    expect(seeded(body.lastHour).sort(byKey)).toEqual((await expected(now - 60 * MIN)).sort(byKey));
    expect(seeded(body.lastDay).reduce((sum, row) => sum + row.count, 0)).toBe(
      rows.filter((row) => row.at.getTime() >= now - 1440 * MIN).length,
    );
    // Past hours hold only seeded rows (the admin's requests are in the current one).
    for (const point of body.series.slice(0, -2)) {
      const inHour = rows.filter(
        (r) => r.at.getTime() >= Date.parse(point.at) && r.at.getTime() < Date.parse(point.at) + 60 * MIN,
      );
      expect(point.count, point.at).toBe(inHour.length);
      expect(point.errors, point.at).toBe(inHour.filter((r) => r.status >= 500).length);
      const sorted = inHour.map((r) => r.durationMs).sort((a, b) => a - b);
      const at = 0.95 * (sorted.length - 1);
      const p95 = sorted.length
        ? sorted[Math.floor(at)]! + (sorted[Math.ceil(at)]! - sorted[Math.floor(at)]!) * (at - Math.floor(at))
        : 0;
      expect(point.p95Ms, point.at).toBe(Math.round(p95 * 100) / 100);
    }
  });

  it('follows the log at once: rows written, deleted, or committed late under a smaller id', async () => {
    const admin = await setUp();
    const now = t.clock.now().getTime();
    const seed = (ids: number[], route: string) =>
      t.database.db.insert(apiRequests).values(
        ids.map((id) => ({
          id,
          at: new Date(now - (id % 1000) * 60_000),
          method: 'GET',
          route,
          status: 200,
          durationMs: id,
          requestId: `follow-${id}`,
        })),
      );
    const count = async (route: string) =>
      (await admin.client.get('/api/admin/api-monitoring'))
        .json<ApiMonitoring>()
        .lastDay.find((row) => row.route === route)?.count ?? 0;

    await seed([900_001, 900_002, 900_003], '/test/follow');
    expect(await count('/test/follow')).toBe(3);
    await seed([900_004], '/test/follow');
    expect(await count('/test/follow')).toBe(4);
    await t.database.db.delete(apiRequests).where(eq(apiRequests.requestId, 'follow-900002'));
    expect(await count('/test/follow')).toBe(3);
    // Another instance's batch that took its ids first and committed after the page was read.
    await seed([800_001], '/test/follow');
    expect(await count('/test/follow')).toBe(4);
    // The same number of rows, not the same rows: a late one in, another one out.
    await t.database.db.delete(apiRequests).where(eq(apiRequests.requestId, 'follow-900004'));
    await seed([800_002], '/test/late');
    expect(await count('/test/follow')).toBe(3);
    expect(await count('/test/late')).toBe(1);
  });

  it('counts due outbox rows as backlog', async () => {
    const admin = await setUp();
    // Registration queued a verification email that nobody has sent yet.
    const before = (await admin.client.get('/api/admin/api-monitoring')).json().health.outboxBacklog;
    expect(before).toBeGreaterThanOrEqual(1);
    await t.flushOutbox();
    expect((await admin.client.get('/api/admin/api-monitoring')).json().health.outboxBacklog).toBe(0);
  });
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    await setUp();
    expect((await t.app.inject('/metrics')).statusCode).toBe(404);
  });

  it('wants the bearer token when configured, and speaks Prometheus', async () => {
    const admin = await setUp({ metricsToken: 'a-long-enough-metrics-token' });
    await admin.client.get('/api/user');
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    // Even an admin's session is not enough.
    expect((await admin.client.get('/metrics')).statusCode).toBe(401);
    const ok = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer a-long-enough-metrics-token' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain(
      'giro_http_request_duration_seconds_count{method="GET",route="/api/user",status_code="200"}',
    );
    expect(ok.body).toContain('giro_open_sockets 0');
    expect(ok.body).toContain('giro_outbox_backlog');
    expect(ok.body).toContain('giro_deadline_lag_seconds 0');
    expect(ok.body).toContain('process_resident_memory_bytes');
  });
});

describe('structured logs', () => {
  it('carry the request id of the answer and of the log row, and neither query string nor address', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info', serializers: { req: safeRequestSerializer } },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    t = await createTestApp({}, { logger });
    const response = await t.app.inject('/api/verify-email?token=secret-token-value');
    const requestId = response.headers['x-request-id'];
    const mine = lines.filter((line) => line.reqId === requestId);
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[0]!.req).toEqual({ method: 'GET', url: '/api/verify-email' });
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
    expect(JSON.stringify(lines)).not.toContain('127.0.0.1');
  });
});
