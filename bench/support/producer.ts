import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../packages/server/src/db/client';
import { enqueueRealtime } from '../../packages/server/src/realtime/enqueue-realtime';
import type { WireEvent } from '../../packages/server/src/realtime/wire-events';
import { nowMs, sleep } from './report';

export interface Produced {
  /** benchId → organization and commit time (ms, comparable across processes). */
  events: Map<number, { organizationId: string; committedAt: number }>;
  seconds: number;
  achievedPerSecond: number;
}

/**
 * Causes `rate` fund events a second for `seconds`, each committed in its own transaction the
 * way a fund command commits its socket events (enqueueRealtime: the organization's next
 * sequence number and an outbox row), then kicks the outbox worker as the use cases do. Events
 * go to organizations drawn at random; each carries a bench number the clients echo back.
 * At most `inFlight` transactions are open at once; if the database cannot keep up, the
 * achieved rate says so.
 */
export async function produceEvents(
  database: Database,
  kickOutbox: () => void,
  options: {
    organizations: readonly string[];
    rate: number;
    seconds: number;
    inFlight?: number;
    firstId?: number;
  },
): Promise<Produced> {
  const events: Produced['events'] = new Map();
  const inFlightMax = options.inFlight ?? 16;
  let id = options.firstId ?? 1;
  let issued = 0;
  let open = 0;
  const started = performance.now();
  const total = Math.round(options.rate * options.seconds);
  const fundId = randomUUID();
  const one = async () => {
    const benchId = id++;
    const organizationId = options.organizations[Math.floor(Math.random() * options.organizations.length)]!;
    const now = new Date();
    const event = { type: 'FUND_VOTE_CAST', fundId, at: now.toISOString(), benchId } as WireEvent;
    await database.db.transaction((tx) => enqueueRealtime(tx, organizationId, [event], now));
    events.set(benchId, { organizationId, committedAt: nowMs() });
    kickOutbox();
  };
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * options.rate));
    while (issued < due && open < inFlightMax) {
      issued++;
      open++;
      one().finally(() => open--);
    }
    await sleep(2);
  }
  while (open > 0) await sleep(2);
  const seconds = (performance.now() - started) / 1000;
  return { events, seconds, achievedPerSecond: Math.round(total / seconds) };
}

/**
 * The floor of the delivery benches: the bare mechanism, a committed `pg_notify` received by a
 * LISTEN in this process, at the same rate. Returns each notification's latency (ms).
 */
export async function notifyFloor(
  database: Database,
  options: { rate: number; seconds: number; inFlight?: number },
): Promise<{ latencies: number[]; achievedPerSecond: number }> {
  const committed = new Map<string, number>();
  const received = new Map<string, number>();
  const stop = await database.listen('giro_bench_floor', (payload) => received.set(payload, nowMs()));
  const inFlightMax = options.inFlight ?? 16;
  const total = Math.round(options.rate * options.seconds);
  let issued = 0;
  let open = 0;
  const started = performance.now();
  const one = async (key: string) => {
    await database.db.execute(sql`select pg_notify('giro_bench_floor', ${key})`);
    committed.set(key, nowMs());
  };
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * options.rate));
    while (issued < due && open < inFlightMax) {
      open++;
      one(String(++issued)).finally(() => open--);
    }
    await sleep(2);
  }
  while (open > 0) await sleep(2);
  const seconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + 5000;
  while (received.size < total && Date.now() < deadline) await sleep(10);
  await stop();
  const latencies = [...committed].flatMap(([key, at]) => {
    const got = received.get(key);
    // PGlite delivers the NOTIFY in-process before the query resolves: count that as no wait.
    return got === undefined ? [] : [Math.max(0, got - at)];
  });
  return { latencies, achievedPerSecond: Math.round(total / seconds) };
}
