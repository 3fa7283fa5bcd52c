/**
 * Cross-instance delivery through PostgreSQL NOTIFY: two server instances on one database,
 * B in this process (it causes the events: committed like a fund command's socket events, then
 * its outbox worker NOTIFYs) and A a real server process (scripts/start.mjs). Every organization
 * has 2 members with a socket on A and 2 with a socket on B, so each event is measured on both
 * in the same run: the added p99 of A over B (same-instance delivery, the floor). Every socket
 * must receive each of its organization's events exactly once, with contiguous sequence numbers.
 * Run: npm run bench:cross-instance   (options: --rate 50 --seconds 10 --reps 3 --orgs 500)
 */
import { parseArgs } from 'node:util';
import { openPostgres } from '../packages/server/src/db/client';
import { ClientProcess, openAll, type Receipts, type SocketSpec, sourceAddress } from './support/clients';
import { freshPostgres } from './support/database';
import { PUBLIC_URL, SESSION_SECRET, startInProcess } from './support/in-process';
import { produceEvents } from './support/producer';
import { listOf, median, percentile, printTable, round, sleep, writeResult } from './support/report';
import { seedOrganizations } from './support/seed';
import { startGiro } from './support/servers';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    reps: { type: 'string', default: '3' },
    orgs: { type: 'string', default: '500' },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const REPS = Number(values.reps);
const ORGS = Number(values.orgs);

const fresh = await freshPostgres();
const database = await openPostgres(fresh.url);
await database.migrate();
const b = await startInProcess(database, { listen: true, workers: true });
const a = await startGiro(5621, { DATABASE_URL: fresh.url, PUBLIC_URL, SESSION_SECRET });
const clients = [ClientProcess.start(), ClientProcess.start()];
try {
  const organizations = await seedOrganizations(database.db, SESSION_SECRET, {
    organizations: ORGS,
    members: 4,
  });
  const on = (instance: 'A' | 'B', from: number): SocketSpec[] =>
    organizations
      .flatMap((o) => o.members.slice(from, from + 2))
      // A is the real server: its /ws rate limit (60 a minute per address) applies.
      .map((m, i) => ({ cookie: m.cookie, localAddress: sourceAddress(i, 50), tag: instance }));
  await openAll([clients[0]!], `${a.url.replace('http', 'ws')}/ws`, PUBLIC_URL, on('A', 0));
  await openAll([clients[1]!], b.wsUrl, PUBLIC_URL, on('B', 2));
  console.log(
    `${ORGS} organizations: ${ORGS * 2} sockets on A (separate process), ${ORGS * 2} on B (producer)`,
  );
  const ids = organizations.map((o) => o.id);

  const runs: {
    events: number;
    achieved: number;
    receiptsA: number;
    receiptsB: number;
    lost: number;
    duplicated: number;
    seqGaps: number;
    sameP50: number;
    sameP99: number;
    crossP50: number;
    crossP99: number;
  }[] = [];
  let firstId = 1;
  for (let rep = 0; rep < REPS; rep++) {
    for (const c of clients) c.reset();
    const produced = await produceEvents(database, b.deps.kickOutbox, {
      organizations: ids,
      rate: RATE,
      seconds: SECONDS,
      firstId,
    });
    firstId += produced.events.size;
    const expected = produced.events.size * 2;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const counts = await Promise.all(clients.map((c) => c.count()));
      if (counts.every((n) => n >= expected)) break;
      await sleep(100);
    }
    await sleep(300); // a duplicate would arrive now
    const perOrganization = new Map<string, number[]>();
    for (const [id, e] of produced.events) {
      listOf(perOrganization, e.organizationId).push(id);
    }
    const latency = { A: [] as number[], B: [] as number[] };
    let lost = 0;
    let duplicated = 0;
    let seqGaps = 0;
    const receipts: Receipts[] = (await Promise.all(clients.map((c) => c.receipts()))).flat();
    for (const socket of receipts) {
      const want = perOrganization.get(socket.familyId!) ?? [];
      const got = new Set<number>();
      socket.ids.forEach((id, i) => {
        if (id === null) return;
        if (got.has(id)) duplicated++;
        got.add(id);
        latency[socket.tag as 'A' | 'B'].push(socket.times[i]! - produced.events.get(id)!.committedAt);
        if (i > 0 && socket.seqs[i] !== socket.seqs[i - 1]! + 1) seqGaps++;
      });
      lost += want.filter((id) => !got.has(id)).length;
    }
    const run = {
      events: produced.events.size,
      achieved: produced.achievedPerSecond,
      receiptsA: latency.A.length,
      receiptsB: latency.B.length,
      lost,
      duplicated,
      seqGaps,
      sameP50: percentile(latency.B, 50),
      sameP99: percentile(latency.B, 99),
      crossP50: percentile(latency.A, 50),
      crossP99: percentile(latency.A, 99),
    };
    console.log(
      `run ${rep + 1}: ${run.events} events, lost ${lost}, duplicated ${duplicated}, seq gaps ${seqGaps}; same p99 ${round(run.sameP99, 1)} ms, cross p99 ${round(run.crossP99, 1)} ms`,
    );
    runs.push(run);
  }
  const m = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
  const sum = (pick: (r: (typeof runs)[number]) => number) => runs.reduce((n, r) => n + pick(r), 0);
  console.log(
    `\n${RATE} events/s for ${SECONDS} s over ${ORGS} organizations (2 sockets on each instance); median of ${REPS} runs\n`,
  );
  printTable(
    [
      'delivery',
      'p50 ms',
      'p99 ms',
      'added p99 ms',
      'p99 ratio',
      'receipts',
      'lost',
      'duplicated',
      'seq gaps',
    ],
    [
      [
        'same instance (B → B, floor)',
        round(
          m((r) => r.sameP50),
          1,
        ),
        round(
          m((r) => r.sameP99),
          1,
        ),
        0,
        1,
        sum((r) => r.receiptsB),
        '—',
        '—',
        '—',
      ],
      [
        'cross instance (B → NOTIFY → A)',
        round(
          m((r) => r.crossP50),
          1,
        ),
        round(
          m((r) => r.crossP99),
          1,
        ),
        round(
          m((r) => r.crossP99 - r.sameP99),
          1,
        ),
        round(
          m((r) => r.crossP99 / r.sameP99),
          2,
        ),
        sum((r) => r.receiptsA),
        sum((r) => r.lost),
        sum((r) => r.duplicated),
        sum((r) => r.seqGaps),
      ],
    ],
  );
  writeResult('cross-instance', { rate: RATE, seconds: SECONDS, organizations: ORGS, runs });
} finally {
  await Promise.all(clients.map((c) => c.close()));
  await a.stop();
  await b.close();
  await database.close();
  await fresh.drop();
}
