import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The demo family (npm run demo) on a fresh data directory, served as npm start serves it, on
 * `port`; resolves once it answers, with the function that stops it and removes its data.
 * Used by bench:web and by the README's screenshots (scripts/screenshots.ts).
 */
export async function startDemo(port: number): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'giro-demo-'));
  const child = spawn(process.execPath, ['scripts/demo.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the demo server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/session/check`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('the demo server did not answer within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Signs a demo member in through the API, as the browser does: their cookies, as a header and as pairs. */
export async function signIn(origin: string, username: string) {
  const csrf = await fetch(`${origin}/api/csrf-token`);
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: csrfCookie.join('; ') },
    body: JSON.stringify({ username, password: 'giro-demo-2026' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const pairs = [...csrfCookie, ...login.headers.getSetCookie().map((c) => c.split(';')[0]!)];
  return {
    header: pairs.join('; '),
    cookies: pairs.map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    }),
  };
}
