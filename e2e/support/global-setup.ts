import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_EMAIL } from './admin';
import { startMailCatcher } from './mail-catcher';

const root = new URL('../..', import.meta.url).pathname;

/**
 * Starts the mail catcher and the real server (as `npm start` does, on a fresh data directory
 * with the embedded database), and stops both when the suite ends.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 5123);
  const mail = await startMailCatcher();
  const dataDir = mkdtempSync(join(tmpdir(), 'giro-e2e-'));
  // What the members' journeys leave for the admin journeys (support/suite-facts.ts).
  process.env.E2E_FACTS_DIR = mkdtempSync(join(tmpdir(), 'giro-e2e-facts-'));
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // WebAuthn refuses IP addresses: the passkey journey runs on localhost (as a proxy would
      // name another host), with its own relying party and origin.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}?ignoreTLS=true`,
      CAPTCHA_ATTEMPTS: '2000',
      TEST_CLOCK: '1',
      // The whole suite registers a few dozen people from one address in minutes.
      RATE_LIMIT_SCALE: '20',
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: ADMIN_EMAIL,
    },
  });
  process.env.E2E_MAIL_URL = `http://127.0.0.1:${mail.httpPort}`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/session/check`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(process.env.E2E_FACTS_DIR!, { recursive: true, force: true });
  };
}
