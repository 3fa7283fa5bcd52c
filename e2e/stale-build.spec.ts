import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.E2E_STALE_PORT ?? 5131);
const origin = `http://127.0.0.1:${port}`;

/** The real server on `webRoot`, as a deploy runs it; resolves once it answers. */
async function serve(webRoot: string, dataDir: string): Promise<ChildProcess> {
  // A server left on the port (an earlier run cut short) would answer for ours: say so instead.
  const taken = await fetch(`${origin}/api/session/check`).then(
    () => true,
    () => false,
  );
  if (taken)
    throw new Error(`${origin} is already in use: stop what listens there (E2E_STALE_PORT moves it)`);
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/session/check`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const stop = async (server: ChildProcess) => {
  if (server.exitCode !== null || server.signalCode !== null) return; // already gone: no 'exit' to wait for
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  // A server that does not shut down in time must not outlive the test and hold the port.
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
};

// A tab opened on one build, a new build deployed under it, then a tap that needs a chunk of the
// old build: the server answers 404 (not the app's HTML), and the tab reloads into the new build.
test('a tab left open across a deploy reloads into the new build by itself', async ({ browser }) => {
  test.setTimeout(180_000);
  const work = mkdtempSync(join(tmpdir(), 'giro-stale-'));
  const oldBuild = join(work, 'old');
  const newBuild = join(work, 'new');
  cpSync(join(root, 'packages/web/dist'), oldBuild, { recursive: true });
  let server = await serve(oldBuild, join(work, 'data'));
  // No service worker: it would answer from its cache, and this is the path without one.
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'it-IT' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth`);
    await expect(page.getByRole('button', { name: 'Accedi', exact: true }).last()).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-build', /./);

    // The new build differs from the old in every hashed name (its build id is in the shell).
    const build = spawnSync(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        'packages/web',
        '--outDir',
        newBuild,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: root, env: { ...process.env, VITE_BUILD_ID: 'second' }, encoding: 'utf8' },
    );
    expect(build.status, build.stderr).toBe(0);
    await stop(server);
    server = await serve(newBuild, join(work, 'data'));

    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404 && response.url().includes('/assets/')) missing.push(response.url());
    });
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-build', 'second');
    await expect(page.getByRole('heading', { name: 'Password dimenticata' })).toBeVisible();
    expect(page.url()).toBe(`${origin}/forgot-password`);
    expect(missing.some((url) => url.includes('forgot-password-page'))).toBe(true);
  } finally {
    await context.close();
    await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
});
