import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './free-port';

const root = new URL('../../../..', import.meta.url).pathname;

/**
 * The server as `npm start` runs it, in a process of its own that a test can SIGKILL: `failpoint`
 * arms one of src/ops/failpoints.ts, whose arrival the process reports over IPC before it waits
 * there to be killed.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  /** Resolves with the failpoint's name when the process reaches it. */
  readonly reachedFailpoint: Promise<string>;

  private constructor(
    readonly origin: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: {
        ...process.env,
        SKIP_WEB_BUILD: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.SERVER_LOG ?? 'error',
        ...env,
      },
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.reachedFailpoint = new Promise((resolve) =>
      this.child.on('message', (message: { failpoint?: string }) => {
        if (message.failpoint) resolve(message.failpoint);
      }),
    );
  }

  static async start(env: Record<string, string>, failpoint?: string): Promise<ServerProcess> {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    return new ServerProcess(origin, {
      // The process's own address unless the caller names the deployment's (one for every restart).
      PUBLIC_URL: origin,
      ...env,
      PORT: String(port),
      ...(failpoint ? { GIRO_FAILPOINT: failpoint } : {}),
    });
  }

  /** Ready to serve (GET /readyz 200) within `ms`; false if it exited or is not. */
  async ready(ms = 60_000): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && this.child.exitCode === null && this.child.signalCode === null) {
      const status = await fetch(`${this.origin}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return true;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return false;
  }

  /** kill -9: no handler runs, nothing is flushed or committed. */
  async kill9(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** A graceful stop (SIGTERM): the workers finish what they hold. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }
}
