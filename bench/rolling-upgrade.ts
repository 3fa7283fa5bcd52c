/**
 * A rolling upgrade, tried (issue 19): the previous release's server and this one, side by side
 * on one PostgreSQL database migrated by this one, serving one member's common routes in turn,
 * as they would while a balancer moves traffic from the old instances to the new ones. It shows
 * that the migrations since that release only expanded the schema (ADR 0027).
 * Run: npm run check:upgrade -- <git ref of the previous release>   (a commit, a tag)
 * The previous release is checked out into a temporary git worktree that borrows this
 * checkout's node_modules (so its dependencies must be this release's, or installed there).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '../packages/server/src/db/client';
import { freshPostgres } from './support/database';
import { signUp } from './support/sign-up';

const ref = process.argv[2];
if (!ref) {
  console.error('usage: npm run check:upgrade -- <git ref of the previous release>');
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
const SESSION_SECRET = 'rolling-upgrade-secret-of-at-least-32-chars';

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const previous = git('rev-parse', '--short', ref);
const worktree = mkdtempSync(join(tmpdir(), 'giro-previous-'));
git('worktree', 'add', '--detach', worktree, ref);
// Every dependency borrowed, but the workspace's own packages (`@giro/*`) the previous
// release's: linking the whole node_modules ran that release's server on this one's domain and
// contract (their links point into this checkout's packages).
mkdirSync(join(worktree, 'node_modules', '@giro'), { recursive: true });
for (const entry of readdirSync(join(root, 'node_modules')))
  if (entry !== '@giro')
    symlinkSync(join(root, 'node_modules', entry), join(worktree, 'node_modules', entry));
for (const entry of readdirSync(join(root, 'node_modules', '@giro'))) {
  const target = readlinkSync(join(root, 'node_modules', '@giro', entry));
  symlinkSync(target, join(worktree, 'node_modules', '@giro', entry));
}
for (const pkg of ['server', 'web', 'domain', 'contract'])
  if (existsSync(join(root, 'packages', pkg, 'node_modules')))
    symlinkSync(join(root, 'packages', pkg, 'node_modules'), join(worktree, 'packages', pkg, 'node_modules'));

const database = await freshPostgres();
const servers: { stop(): Promise<void> }[] = [];
let failures = 0;
try {
  // The new release migrates, as the first new instance of a rolling upgrade does.
  const migrator = await openPostgres(database.url, 1);
  await migrator.migrate();
  await migrator.close();
  const old = await start(worktree, 5711, database.url);
  servers.push(old);
  const current = await start(root, 5712, database.url);
  servers.push(current);
  console.log(`previous release ${previous} on ${old.url}, this one on ${current.url}, one database`);

  const cookie = await signUp(old.url, `upgrade${Date.now()}`);
  const member = client(cookie);
  const check = async (label: string, result: Promise<{ status: number; body: unknown }>, expect = 200) => {
    const { status, body } = await result;
    const ok = status === expect;
    if (!ok) failures++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${status}${ok ? '' : ` ${JSON.stringify(body)}`}`);
    return body as Record<string, unknown>;
  };

  await check(
    'registered on the previous release, signed in on this one',
    member.get(current.url, '/api/session/check'),
  );
  await check('dashboard on the previous release', member.get(old.url, '/api/dashboard'));
  const fund = await check(
    'fund started on this release',
    member.post(current.url, '/api/rotating-fund', {}),
  );
  await check('fund view on the previous release', member.get(old.url, '/api/rotating-fund'));
  await check(
    'amount voted on the previous release',
    member.post(old.url, `/api/rotating-fund/${fund.id}/votes/amount`, { amountCents: 5000 }),
  );
  const view = await check('fund view on this release', member.get(current.url, '/api/rotating-fund'));
  const oldView = await check('fund view on the previous release', member.get(old.url, '/api/rotating-fund'));
  if (oldView.phase !== view.phase) {
    failures++;
    console.log(`FAIL the releases disagree on the fund's phase: ${oldView.phase} and ${view.phase}`);
  } else console.log(`     both see the fund in phase ${JSON.stringify(view.phase)} after the vote`);
  await check('requests view on this release', member.get(current.url, '/api/requests'));
  await check('requests view on the previous release', member.get(old.url, '/api/requests'));
  await check('organization on the previous release', member.get(old.url, '/api/family'));
  await check(
    'profile edited on this release',
    member.patch(current.url, '/api/user', { firstName: 'Bench', lastName: 'User', displayName: 'Zia Anna' }),
  );
  const user = await check('profile read on the previous release', member.get(old.url, '/api/user'));
  if (user.displayName !== 'Zia Anna') {
    failures++;
    console.log(`FAIL the previous release reads the name as ${JSON.stringify(user.displayName)}`);
  }
  await check('signed out on the previous release', member.post(old.url, '/api/logout', {}));
  await check('and so on this one', member.get(current.url, '/api/user'), 401);
} finally {
  for (const server of servers) await server.stop();
  await database.drop();
  git('worktree', 'remove', '--force', worktree);
}
console.log(
  failures === 0 ? 'rolling upgrade: every step answered as expected' : `${failures} step(s) failed`,
);
process.exit(failures === 0 ? 0 : 1);

/** A server of the checkout at `dir` (its own `npm start`), on `port`. */
async function start(dir: string, port: number, databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'giro-upgrade-data-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      CAPTCHA_ATTEMPTS: '1000',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${dir}: the server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300) throw new Error(`${dir}: not ready within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One member's browser: the session cookie, and a CSRF token fetched from whichever instance. */
function client(sessionCookie: string) {
  let csrf: { cookie: string; token: string } | undefined;
  const csrfFrom = async (url: string) => {
    if (csrf) return csrf;
    const response = await fetch(`${url}/api/csrf-token`, { headers: { cookie: sessionCookie } });
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    csrf = { cookie, token: csrfToken };
    return csrf;
  };
  const send = async (url: string, path: string, method: string, body?: unknown) => {
    const headers: Record<string, string> = { cookie: sessionCookie };
    if (body !== undefined) {
      const { cookie, token } = await csrfFrom(url);
      Object.assign(headers, {
        cookie: `${sessionCookie}; ${cookie}`,
        'x-csrf-token': token,
        'content-type': 'application/json',
      });
    }
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return {
    get: (url: string, path: string) => send(url, path, 'GET'),
    post: (url: string, path: string, body: unknown) => send(url, path, 'POST', body),
    patch: (url: string, path: string, body: unknown) => send(url, path, 'PATCH', body),
  };
}
