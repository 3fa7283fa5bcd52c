import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openPostgres } from '../src/db/client';
import { register } from './support/client';
import { freePort } from './support/free-port';
import { freshPostgresDatabase } from './support/postgres';
import { createTestApp } from './support/test-app';

/**
 * SIGTERM to a real server process (issue 19): unready at once, requests already sent still
 * answered, sockets told to reconnect elsewhere (1012), and the process gone within a bound.
 */
const root = new URL('../../..', import.meta.url).pathname;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('graceful shutdown', () => {
  it('on SIGTERM: /readyz 503, requests in flight answered, sockets closed with 1012, exit 0', async () => {
    const fresh = await freshPostgresDatabase('giro_shutdown');
    cleanups.push(fresh.drop);
    // A member, made through the real app on the same database: the server process reads it.
    const database = await openPostgres(fresh.url, 2);
    await database.migrate();
    const setup = await createTestApp({}, { database });
    const { client } = await register(setup.app);
    await setup.close();
    await database.close();

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // Its generated keys (VAPID) go here, not into the repository's ./data.
    const dataDir = mkdtempSync(join(tmpdir(), 'giro-shutdown-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        SKIP_WEB_BUILD: '1',
        NODE_ENV: 'test',
        PORT: String(port),
        DATABASE_URL: fresh.url,
        PUBLIC_URL: origin,
        SESSION_SECRET: 'test-session-secret-of-at-least-32-chars',
        SHUTDOWN_DELAY_MS: '800',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    cleanups.push(async () => {
      if (server.exitCode === null) server.kill('SIGKILL');
    });
    await until(async () => (await fetch(`${origin}/readyz`)).status === 200);

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { cookie: client.cookieHeader, origin },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.on('message', (data) => {
        if (JSON.parse(String(data)).type === 'AUTHENTICATED') resolve();
      });
      socket.once('open', () => socket.send(JSON.stringify({ type: 'AUTHENTICATE' })));
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const inFlight = Array.from({ length: 20 }, () =>
      fetch(`${origin}/api/dashboard`, { headers: { cookie: client.cookieHeader } }).then((r) => r.status),
    );
    server.kill('SIGTERM');
    await until(async () => (await fetch(`${origin}/readyz`)).status === 503, 5000);
    const unready = await (await fetch(`${origin}/readyz`)).json();
    expect(unready).toMatchObject({ status: 'unready', checks: { stopping: true } });

    expect(await Promise.all(inFlight)).toEqual(Array(20).fill(200));
    expect(await closed).toBe(1012);
    expect(await exited).toBe(0);
  });
});
