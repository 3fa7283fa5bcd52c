/**
 * Fund events at a steady rate spread over many organizations of 5 members, each member's
 * socket on one server instance: delivery latency from the commit of the event's transaction
 * to its receipt by each socket (p50/p99), through the real path: outbox row, outbox worker,
 * NOTIFY, the instance's listener reading the row, SocketHub, ws. The floor is a bare committed
 * pg_notify received by a LISTEN, at the same rate, in the same run.
 *
 * One process may hold 20,000 open files here, so at most ~3,600 organizations can have their 5
 * sockets connected to one instance: the events are spread over all `--orgs` organizations,
 * and those of the first `--connected` have their members' sockets here (the others' members
 * would be on other instances: their events still go through the whole pipeline).
 * Run: npm run bench:delivery   (options: --rates 2000,200 --seconds 10 --reps 3 --orgs 10000
 *      --connected 3600 --db postgres|pglite)
 */
import { parseArgs } from 'node:util';
import { ClientProcess, openAll, type Receipts } from './support/clients';
import { type DatabaseKind, openBenchDatabase } from './support/database';
import { PUBLIC_URL, SESSION_SECRET, startInProcess } from './support/in-process';
import { notifyFloor, produceEvents } from './support/producer';
import { median, percentile, printTable, round, sleep, writeResult } from './support/report';
import { seedOrganizations } from './support/seed';

const { values } = parseArgs({
  options: {
    rates: { type: 'string', default: '2000,200' },
    seconds: { type: 'string', default: '10' },
    reps: { type: 'string', default: '3' },
    orgs: { type: 'string', default: '10000' },
    connected: { type: 'string', default: '3600' },
    db: { type: 'string', default: 'postgres' },
    clients: { type: 'string', default: '3' },
    drain: { type: 'string', default: '60' },
    /** Diagnosis: PostgreSQL commits without waiting for the WAL flush. */
    'async-commit': { type: 'boolean', default: false },
  },
});
const RATES = values.rates.split(',').map(Number);
const SECONDS = Number(values.seconds);
const REPS = Number(values.reps);
const ORGS = Number(values.orgs);
const CONNECTED = Math.min(ORGS, Number(values.connected));
const MEMBERS = 5;
/** How long to wait after the last event for every receipt (a backlog is reported, not waited out). */
const DRAIN_S = Number(values.drain);

const database = await openBenchDatabase(values.db as DatabaseKind, { asyncCommit: values['async-commit'] });
const server = await startInProcess(database, { listen: true, workers: true });
const clients = Array.from({ length: Number(values.clients) }, () => ClientProcess.start());
try {
  const started = performance.now();
  const organizations = await seedOrganizations(database.db, SESSION_SECRET, {
    organizations: ORGS,
    members: MEMBERS,
  });
  console.log(`seeded ${ORGS} organizations of ${MEMBERS} in ${Math.round(performance.now() - started)} ms`);
  const sockets = organizations
    .slice(0, CONNECTED)
    .flatMap((o) => o.members.map((m) => ({ cookie: m.cookie, localAddress: '127.0.0.1', tag: 'a' })));
  const openMs = await openAll(clients, server.wsUrl, PUBLIC_URL, sockets);
  console.log(`${sockets.length} sockets authenticated in ${openMs} ms`);
  const ids = organizations.map((o) => o.id);
  const connected = new Set(ids.slice(0, CONNECTED));

  const table: (string | number)[][] = [];
  const results = [];
  let firstId = 1;
  for (const RATE of RATES) {
    const runs: {
      floor: { p50: number; p99: number; achieved: number };
      giro: { p50: number; p99: number; max: number; achieved: number; delivered: number; expected: number };
    }[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const floor = await notifyFloor(database, { rate: RATE, seconds: Math.min(SECONDS, 5) });
      for (const c of clients) c.reset();
      const produced = await produceEvents(database, server.deps.kickOutbox, {
        organizations: ids,
        rate: RATE,
        seconds: SECONDS,
        firstId,
      });
      firstId += produced.events.size;
      const expected =
        [...produced.events.values()].filter((e) => connected.has(e.organizationId)).length * MEMBERS;
      const deadline = Date.now() + DRAIN_S * 1000;
      let delivered = 0;
      for (;;) {
        delivered = (await Promise.all(clients.map((c) => c.count()))).reduce((a, b) => a + b, 0);
        if (delivered >= expected || Date.now() > deadline) break;
        await sleep(100);
      }
      const receipts: Receipts[] = (await Promise.all(clients.map((c) => c.receipts()))).flat();
      const latencies: number[] = [];
      for (const socket of receipts)
        socket.ids.forEach((id, i) => {
          const event = id === null ? undefined : produced.events.get(id);
          if (event) latencies.push(socket.times[i]! - event.committedAt);
        });
      // BENCH_DEBUG=1: latency by tenth of the run, in event order (a backlog grows across them).
      if (process.env.BENCH_DEBUG) {
        const byId: [number, number][] = [];
        for (const socket of receipts)
          socket.ids.forEach((id, i) => {
            const event = id === null ? undefined : produced.events.get(id);
            if (event) byId.push([id!, socket.times[i]! - event.committedAt]);
          });
        byId.sort((a, b) => a[0] - b[0]);
        for (let q = 0; q < 10; q++) {
          const part = byId.slice((q * byId.length) / 10, ((q + 1) * byId.length) / 10).map((x) => x[1]);
          console.log(
            `  decile ${q}: p50 ${round(percentile(part, 50), 1)} max ${round(Math.max(...part), 1)}`,
          );
        }
      }
      const run = {
        floor: {
          p50: percentile(floor.latencies, 50),
          p99: percentile(floor.latencies, 99),
          achieved: floor.achievedPerSecond,
        },
        giro: {
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          max: Math.max(...latencies),
          achieved: produced.achievedPerSecond,
          delivered: latencies.length,
          expected,
        },
      };
      console.log(
        `run ${rep + 1}: ${run.giro.achieved} events/s, ${run.giro.delivered}/${expected} receipts, p50 ${round(run.giro.p50, 1)} ms, p99 ${round(run.giro.p99, 1)} ms (floor p50 ${round(run.floor.p50, 2)}, p99 ${round(run.floor.p99, 2)})`,
      );
      runs.push(run);
    }
    const m = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
    const result = {
      rate: RATE,
      achieved: m((r) => r.giro.achieved),
      delivered: m((r) => r.giro.delivered),
      expected: m((r) => r.giro.expected),
      floorP50: round(
        m((r) => r.floor.p50),
        2,
      ),
      floorP99: round(
        m((r) => r.floor.p99),
        2,
      ),
      p50: round(
        m((r) => r.giro.p50),
        1,
      ),
      p99: round(
        m((r) => r.giro.p99),
        1,
      ),
      max: round(
        m((r) => r.giro.max),
        1,
      ),
      runs,
    };
    results.push(result);
    table.push([
      RATE,
      result.achieved,
      `${result.delivered}/${result.expected}`,
      result.floorP50,
      result.floorP99,
      result.p50,
      result.p99,
      result.max,
      round(result.p99 / result.floorP99, 1),
    ]);
  }
  console.log(
    `\n${SECONDS} s per run over ${ORGS} organizations of ${MEMBERS}; ${CONNECTED} of them with their ${MEMBERS} sockets connected (${sockets.length} sockets); ${values.db}${values['async-commit'] ? ' with synchronous_commit=off' : ''}; median of ${REPS} runs\n`,
  );
  printTable(
    [
      'events/s asked',
      'achieved',
      'receipts',
      'floor p50 ms',
      'floor p99 ms',
      'p50 ms',
      'p99 ms',
      'max ms',
      'p99 ratio',
    ],
    table,
  );
  writeResult('delivery', {
    seconds: SECONDS,
    organizations: ORGS,
    connectedOrganizations: CONNECTED,
    sockets: sockets.length,
    db: values.db,
    results,
  });
} finally {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
  await database.close();
}
