import { type ChildProcess, fork } from 'node:child_process';
import type { ClientCommand, ClientReply, Receipts, SocketSpec } from './socket-client';

export type { Receipts, SocketSpec };

const script = new URL('./socket-client.ts', import.meta.url).pathname;

/**
 * The k-th source address for the i-th client socket: 127.1.x.y, `perAddress` sockets each
 * (loopback answers on all of 127/8). It keeps each address under the /ws rate limit of the
 * real server and every address well inside the ephemeral port range.
 */
export function sourceAddress(i: number, perAddress: number): string {
  const k = Math.floor(i / perAddress);
  return `127.1.${Math.floor(k / 250)}.${(k % 250) + 1}`;
}

export class ClientProcess {
  private waiting: ((reply: ClientReply) => void)[] = [];
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (reply: ClientReply) => this.waiting.shift()?.(reply));
  }

  static start(): ClientProcess {
    const child = fork(script, [], {
      execArgv: ['--import', 'tsx', '--max-old-space-size=4096'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new ClientProcess(child);
  }

  private ask<T extends ClientReply>(command: ClientCommand): Promise<T> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`client process exited with ${code}`));
      this.child.once('exit', onExit);
      this.waiting.push((reply) => {
        this.child.off('exit', onExit);
        resolve(reply as T);
      });
      this.child.send(command);
    });
  }

  async open(url: string, origin: string, sockets: SocketSpec[], concurrency = 8) {
    return this.ask<Extract<ClientReply, { type: 'opened' }>>({
      type: 'open',
      url,
      origin,
      sockets,
      concurrency,
    });
  }

  async openRaw(host: string, port: number, localAddresses: string[], concurrency = 8) {
    return this.ask<Extract<ClientReply, { type: 'opened' }>>({
      type: 'openRaw',
      host,
      port,
      localAddresses,
      concurrency,
    });
  }

  async count(): Promise<number> {
    return (await this.ask<Extract<ClientReply, { type: 'count' }>>({ type: 'count' })).messages;
  }

  async receipts(): Promise<Receipts[]> {
    return (await this.ask<Extract<ClientReply, { type: 'receipts' }>>({ type: 'receipts' })).sockets;
  }

  reset(): void {
    this.child.send({ type: 'reset' } satisfies ClientCommand);
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' } satisfies ClientCommand);
    await exited;
  }
}

/** Opens sockets spread over several client processes, in order; throws if any failed. */
export async function openAll(
  processes: ClientProcess[],
  url: string,
  origin: string,
  sockets: SocketSpec[],
  concurrency = 8,
): Promise<number> {
  const share = Math.ceil(sockets.length / processes.length);
  const results = await Promise.all(
    processes.map((p, i) => p.open(url, origin, sockets.slice(i * share, (i + 1) * share), concurrency)),
  );
  const failed = results.reduce((n, r) => n + r.failed, 0);
  if (failed > 0)
    throw new Error(`${failed} sockets failed to open: ${results.find((r) => r.firstError)?.firstError}`);
  return Math.max(...results.map((r) => r.ms));
}
