/**
 * A process of bench clients (so their memory and CPU are not the server's), driven over IPC:
 * opens authenticated /ws sockets (or raw TCP connections for a floor), records when each
 * numbered event arrives, and reports. It exits when its parent goes away.
 */
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { nowMs as now } from './report';

export interface SocketSpec {
  cookie: string;
  localAddress: string;
  /** Which instance or group the socket belongs to, echoed in the receipts. */
  tag: string;
}

export type ClientCommand =
  | { type: 'open'; url: string; origin: string; sockets: SocketSpec[]; concurrency: number }
  | { type: 'openRaw'; host: string; port: number; localAddresses: string[]; concurrency: number }
  | { type: 'count' }
  | { type: 'receipts' }
  | { type: 'reset' }
  | { type: 'close' };

export interface Receipts {
  tag: string;
  familyId: string | null;
  seqs: number[];
  times: number[];
  /** The bench's own event number where the event carried one. */
  ids: (number | null)[];
}

export type ClientReply =
  | { type: 'opened'; opened: number; failed: number; firstError: string | null; ms: number }
  | { type: 'count'; messages: number }
  | { type: 'receipts'; sockets: Receipts[] };

const reply = (message: ClientReply) => process.send!(message);

let messages = 0;
const open: { ws: WebSocket; receipts: Receipts }[] = [];
const raw: Socket[] = [];

function openSocket(url: string, origin: string, spec: SocketSpec): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: { cookie: spec.cookie },
      origin,
      localAddress: spec.localAddress,
    });
    const receipts: Receipts = { tag: spec.tag, familyId: null, seqs: [], times: [], ids: [] };
    let authenticated = false;
    ws.on('message', (data) => {
      const at = now();
      messages++;
      const message = JSON.parse(String(data)) as {
        type: string;
        seq?: number;
        familyId?: string;
        benchId?: number;
      };
      if (!authenticated) {
        if (message.type === 'AUTHENTICATED') {
          authenticated = true;
          receipts.familyId = message.familyId ?? null;
          open.push({ ws, receipts });
          resolve();
        } else reject(new Error(`answered ${message.type}`));
        return;
      }
      if (typeof message.seq === 'number') {
        receipts.seqs.push(message.seq);
        receipts.times.push(at);
        receipts.ids.push(message.benchId ?? null);
      }
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'AUTHENTICATE' })));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('error', reject);
    ws.once('close', (code, reason) => {
      if (!authenticated) reject(new Error(`closed ${code} ${String(reason)}`));
    });
  });
}

function openRaw(host: string, port: number, localAddress: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, localAddress }, () => {
      raw.push(socket);
      resolve();
    });
    socket.once('error', reject);
  });
}

async function opening<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  const started = performance.now();
  let next = 0;
  let opened = 0;
  let failed = 0;
  let firstError: string | null = null;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
        opened++;
      } catch (error) {
        failed++;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  reply({ type: 'opened', opened, failed, firstError, ms: Math.round(performance.now() - started) });
}

process.on('message', (command: ClientCommand) => {
  switch (command.type) {
    case 'open':
      void opening(command.sockets, command.concurrency, (spec) =>
        openSocket(command.url, command.origin, spec),
      );
      break;
    case 'openRaw':
      void opening(command.localAddresses, command.concurrency, (address) =>
        openRaw(command.host, command.port, address),
      );
      break;
    case 'count':
      reply({ type: 'count', messages });
      break;
    case 'receipts':
      reply({ type: 'receipts', sockets: open.map((o) => o.receipts) });
      break;
    case 'reset':
      messages = 0;
      for (const o of open) {
        o.receipts.seqs = [];
        o.receipts.times = [];
        o.receipts.ids = [];
      }
      break;
    case 'close':
      for (const o of open) o.ws.terminate();
      for (const socket of raw) socket.destroy();
      process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
