import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export interface Running {
  url: string;
  /** The server process itself (its PID is the server's). */
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Extra node flags for the server process; `ipc` opens a channel (for bench/support/memory-probe.ts). */
export interface ProcessOptions {
  execArgv?: string[];
  ipc?: boolean;
}

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopper(child: ChildProcess, cleanup = () => {}) {
  return async () => {
    if (child.exitCode !== null) return cleanup();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    cleanup();
  };
}

let giroSpawnedAt = 0;

/**
 * With GIRO_STDOUT set, a line in that file among what Giro's node flags print, timed like
 * them (milliseconds since Giro's process started, near enough): which run a pause fell in.
 * The wall clock beside it places what other processes wrote (support/stall-probe.mjs).
 */
export function markInGiroStdout(label: string): void {
  const file = process.env.GIRO_STDOUT;
  if (file)
    appendFileSync(
      file,
      `[bench] ${Math.round(performance.now() - giroSpawnedAt)} ms (wall ${Date.now()}): ${label}\n`,
    );
}

/** The real server as `npm start` runs it, on a fresh embedded database (or DATABASE_URL). */
export async function startGiro(
  port: number,
  env: Record<string, string> = {},
  options: ProcessOptions = {},
): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'giro-bench-'));
  // GIRO_STDOUT=<file>: Giro's stdout appended there, for what a node flag prints (--trace-gc-nvp).
  const out = process.env.GIRO_STDOUT ? openSync(process.env.GIRO_STDOUT, 'a') : 'ignore';
  const child = spawn(process.execPath, [...(options.execArgv ?? []), 'scripts/start.mjs'], {
    cwd: root,
    stdio: options.ipc ? ['ignore', out, 'inherit', 'ipc'] : ['ignore', out, 'inherit'],
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CAPTCHA_ATTEMPTS: '1000',
      ...env,
    },
  });
  giroSpawnedAt = performance.now();
  if (typeof out === 'number') closeSync(out); // the child has its own copy
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/session/check`, child);
  return { url, child, stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })) };
}

/** The floor: a bare Fastify route with the same answer as a signed-out session check. */
export async function startBaseline(port: number): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/support/baseline-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/baseline`, child);
  return { url, child, stop: stopper(child) };
}
