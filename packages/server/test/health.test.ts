import { createServer, type Server, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { freshPostgresDatabase, postgresAdminUrl } from './support/postgres';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * `/healthz` and `/readyz` (issue 19). The database "going away" is PostgreSQL behind a small TCP
 * proxy this test cuts and restores: the one engine a deployment with several instances runs
 * (PGlite lives inside the process, so it cannot go away without it).
 */
let t: TestApp | undefined;
const cleanups: (() => Promise<void>)[] = [];
/**
 * Teardown after a cut connection is bounded: a pooled connection the proxy killed mid-query can
 * leave the pool's end() waiting (seen twice at stop 25, cause not yet found; issue 19 note); what this
 * file checks is /readyz.
 */
const atMost = (ms: number, work: Promise<unknown>) =>
  Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
afterEach(async () => {
  await atMost(10_000, t?.close() ?? Promise.resolve());
  t = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await atMost(10_000, cleanup());
});

const readyz = async (app: TestApp) => {
  const response = await app.app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, body: response.json() };
};

/** Forwards connections to PostgreSQL until cut; cut, it drops every connection and refuses new ones. */
async function cuttableProxy(target: URL) {
  const open = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) return client.destroy();
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => open.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('health', () => {
  it('/healthz answers while the process runs; /readyz when the workers run and not once shutting down', async () => {
    t = await createTestApp();
    const healthz = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthz.statusCode).toBe(200);
    expect(healthz.json()).toEqual({ status: 'ok' });
    expect(healthz.headers['set-cookie']).toBeUndefined();

    // The test app drains its workers by hand: not started, not ready.
    const idle = await readyz(t);
    expect(idle.status).toBe(503);
    expect(idle.body.checks).toMatchObject({
      database: 'ok',
      migrations: 'ok',
      outboxWorker: { alive: false },
    });

    t.outbox.start();
    t.deadlines.start();
    const ready = await readyz(t);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', checks: { stopping: false, outboxBacklog: 0 } });
    // Counts and states only: nothing about anyone.
    expect(JSON.stringify(ready.body)).not.toMatch(/@|user|member/i);
    // Asked from outside, through the proxy: the status alone.
    const outside = await t.app.inject({
      method: 'GET',
      url: '/readyz',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect({ status: outside.statusCode, body: outside.json() }).toEqual({
      status: 200,
      body: { status: 'ready' },
    });

    await t.deadlines.stop();
    expect((await readyz(t)).body.checks.deadlineWorker.alive).toBe(false);
  });

  it('/readyz turns unready when PostgreSQL goes away, and ready again when it returns', async () => {
    const fresh = await freshPostgresDatabase('giro_readyz');
    cleanups.push(fresh.drop);
    const proxy = await cuttableProxy(new URL(postgresAdminUrl()));
    cleanups.push(proxy.close);
    const url = new URL(fresh.url);
    url.host = `127.0.0.1:${proxy.port}`;
    const database = await openPostgres(url.toString(), 2);
    cleanups.push(() => database.close());
    await database.migrate();
    t = await createTestApp({}, { database });
    t.outbox.start();
    t.deadlines.start();
    expect((await readyz(t)).status).toBe(200);

    proxy.cut();
    // Probes within a second share one database reading: the cut shows from the next one on.
    await expect.poll(async () => (await readyz(t!)).status, { timeout: 10_000 }).toBe(503);
    const away = await readyz(t);
    expect(away.status).toBe(503);
    expect(away.body.checks.database).toBe('unreachable');
    // The process itself is fine: a container runtime must not restart it for this.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    proxy.restore();
    await expect.poll(async () => (await readyz(t!)).status, { timeout: 10_000 }).toBe(200);
    // A fresh database migrated, then up to twenty seconds of polling: 13 s on a quiet machine,
    // close to the default 30 s on a busy one. Stop 32's CI failed one test it did not name.
  }, 90_000);
});
