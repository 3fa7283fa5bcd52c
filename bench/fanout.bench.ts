/**
 * One event to 5,000 sockets of one organization: the cost per socket of the synchronous send
 * loop SocketHub.sendToOrganization (serialise once, ws frame and write per socket), as a ratio
 * to a raw net.Socket.write of the same framed bytes to the same 5,000 TCP sockets, in the
 * same process, alternating. Also how long the last socket waited for it (delivery spread).
 * Run: npm run bench:fanout   (options: --sockets 5000 --reps 30 --db pglite|postgres)
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { ClientProcess, openAll } from './support/clients';
import { type DatabaseKind, openBenchDatabase } from './support/database';
import { PUBLIC_URL, SESSION_SECRET, startInProcess } from './support/in-process';
import { listOf, median, nowMs, percentile, printTable, round, sleep, writeResult } from './support/report';
import { seedOrganizations } from './support/seed';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '5000' },
    reps: { type: 'string', default: '30' },
    db: { type: 'string', default: 'pglite' },
  },
});
const N = Number(values.sockets);
const REPS = Number(values.reps);
const WARMUP = 5;

/** A server-to-client WebSocket text frame (unmasked, FIN), as ws writes it. */
function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const header =
    n < 126 ? Buffer.from([0x81, n]) : n < 65_536 ? Buffer.from([0x81, 126, n >> 8, n & 255]) : null;
  if (!header) throw new Error('payload too large for this bench');
  return Buffer.concat([header, payload]);
}

const database = await openBenchDatabase(values.db as DatabaseKind);
const server = await startInProcess(database, { listen: true });
const tcp = new Set<Socket>();
server.app.server.on('connection', (socket: Socket) => {
  tcp.add(socket);
  socket.once('close', () => tcp.delete(socket));
});
const clients = [ClientProcess.start()];
try {
  const [organization] = await seedOrganizations(database.db, SESSION_SECRET, {
    organizations: 1,
    members: N,
  });
  const sockets = organization!.members.map((m) => ({
    cookie: m.cookie,
    localAddress: '127.0.0.1',
    tag: 'a',
  }));
  const openMs = await openAll(clients, server.wsUrl, PUBLIC_URL, sockets);
  await sleep(200);
  if (server.deps.hub.size !== N || tcp.size !== N)
    throw new Error(`expected ${N} sockets, hub has ${server.deps.hub.size}, server has ${tcp.size} TCP`);
  console.log(`${N} sockets of one organization authenticated in ${openMs} ms`);

  const fundId = randomUUID();
  const userId = organization!.members[0]!.id;
  let seq = 0;
  const sentAt = new Map<number, { kind: 'hub' | 'raw'; at: number }>();
  const received = async (expected: number) => {
    const deadline = Date.now() + 10_000;
    while ((await clients[0]!.count()) < expected) {
      if (Date.now() > deadline) throw new Error('the clients did not receive every message within 10 s');
      await sleep(10);
    }
  };
  const send = (kind: 'hub' | 'raw'): number => {
    seq++;
    const message = {
      type: 'FUND_VOTE_CAST',
      fundId,
      at: new Date().toISOString(),
      userId,
      familyId: organization!.id,
      seq,
    };
    sentAt.set(seq, { kind, at: nowMs() });
    const started = performance.now();
    if (kind === 'hub') server.deps.hub.sendToOrganization(organization!.id, message);
    else {
      const frame = textFrame(Buffer.from(JSON.stringify(message)));
      for (const socket of tcp) socket.write(frame);
    }
    return performance.now() - started;
  };

  const times = { hub: [] as number[], raw: [] as number[] };
  let expected = N; // the AUTHENTICATED answers
  for (let rep = 0; rep < WARMUP + REPS; rep++) {
    const order: ('hub' | 'raw')[] = rep % 2 === 0 ? ['hub', 'raw'] : ['raw', 'hub'];
    for (const kind of order) {
      const ms = send(kind);
      expected += N;
      await received(expected);
      if (rep >= WARMUP) times[kind].push((ms * 1000) / N);
    }
  }

  // Delivery spread: from the start of the send loop to each socket's receipt.
  const waits = { hub: [] as number[], raw: [] as number[] };
  const lastWaits = { hub: [] as number[], raw: [] as number[] };
  const bySeq = new Map<number, number[]>();
  for (const receipts of await clients[0]!.receipts())
    receipts.seqs.forEach((s, i) => {
      listOf(bySeq, s).push(receipts.times[i]!);
    });
  for (const [s, list] of bySeq) {
    const sent = sentAt.get(s)!;
    if (s <= WARMUP * 2) continue;
    const delays = list.map((t) => t - sent.at);
    waits[sent.kind].push(percentile(delays, 50));
    lastWaits[sent.kind].push(Math.max(...delays));
  }

  const row = (kind: 'hub' | 'raw', title: string) => ({
    title,
    microsPerSocket: round(median(times[kind]), 3),
    loopMs: round((median(times[kind]) * N) / 1000, 2),
    medianWaitMs: round(median(waits[kind]), 1),
    lastSocketMs: round(median(lastWaits[kind]), 1),
  });
  const floor = row('raw', 'raw net.Socket.write of the framed bytes (floor)');
  const hub = row('hub', 'SocketHub.sendToOrganization');
  const rows = [floor, hub].map((r) => ({ ...r, ratio: round(r.microsPerSocket / floor.microsPerSocket) }));
  console.log(
    `\n${N} sockets of one organization, median of ${REPS} sends each (alternating), ${values.db}\n`,
  );
  printTable(
    [
      'send loop',
      'µs per socket',
      'loop ms',
      'median socket waited ms',
      'last socket waited ms',
      'ratio to floor',
    ],
    rows.map((r) => [r.title, r.microsPerSocket, r.loopMs, r.medianWaitMs, r.lastSocketMs, r.ratio]),
  );
  writeResult('fanout', { sockets: N, reps: REPS, db: values.db, rows, samples: times });
} finally {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
  await database.close();
}
