/**
 * Soak (issue 17): the real server (scripts/start.mjs) under steady mixed load for `--minutes`,
 * loopback only and bounded: signed-in HTTP reads paced at `--rate` a second over four routes
 * (session, dashboard, fund view, requests view), and `--sockets` authenticated /ws sockets
 * that resync at a fifth of that rate, opened at the start of every minute and closed at its
 * end (so a leak of sockets or of what hangs on them shows). After every minute: the server's
 * heap after a full collection (bench/support/memory-probe.ts), its RSS, its open sockets
 * (from /proc/<pid>/fd: clients, database and listeners alike), and the minute's p99 (the
 * slowest route's). At the end, the open sockets against those before the load.
 *
 * Bars: heap growth ≤ 10 % from minute 5 to the last; sockets back to where they were. With
 * `--check` the run exits 1 when a request failed, when the sockets are not back, or (in runs
 * of more than five minutes) when the heap grew more than 10 %: the two-minute run in CI.
 * Run: npm run bench:soak   (options: --minutes 30 --rate 200 --sockets 50 --db pglite|postgres --check)
 */
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openPglite, openPostgres } from '../packages/server/src/db/client';
import { seedCollectingFamilies } from './support/collecting-family';
import { freshPostgres } from './support/database';
import { PUBLIC_URL, SESSION_SECRET, startInProcess } from './support/in-process';
import { pacedLoad } from './support/paced-load';
import { memoryOf, memoryProbeFlags } from './support/probed-memory';
import { printTable, round, sleep, writeResult } from './support/report';
import { resyncLoad } from './support/resync-load';
import { startGiro } from './support/servers';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    rate: { type: 'string', default: '200' },
    sockets: { type: 'string', default: '50' },
    db: { type: 'string', default: 'pglite' },
    check: { type: 'boolean', default: false },
  },
});
const MINUTES = Number(values.minutes);
const RATE = Number(values.rate);
const SOCKETS = Number(values.sockets);
const MINUTE_MS = 60_000;
const MB = 1024 * 1024;

/** The process's open sockets, of every kind (TCP, Unix), as the kernel lists its descriptors. */
function socketsOf(pid: number): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) count++;
    } catch {
      // closed while we looked
    }
  }
  return count;
}

/** A migrated database holding ten collecting families of six, closed again. */
async function prepare() {
  let database: Database;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (values.db === 'postgres') {
    const fresh = await freshPostgres();
    database = await openPostgres(fresh.url, 10);
    env = { DATABASE_URL: fresh.url };
    cleanup = fresh.drop;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'giro-soak-'));
    database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    env = { DATA_DIR: dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  await database.migrate();
  const server = await startInProcess(database);
  const families = await seedCollectingFamilies(server, { families: 10, members: 6 });
  await server.close();
  await database.close();
  return { families, env, cleanup };
}

async function main() {
  const { families, env, cleanup } = await prepare();
  const giro = await startGiro(
    5702,
    { ...env, PUBLIC_URL, SESSION_SECRET, TEST_CLOCK: '1', RATE_LIMIT_SCALE: '1000' },
    { execArgv: memoryProbeFlags, ipc: true },
  );
  const pid = giro.child.pid!;
  const cookies = families.flatMap((family) => family.members.map((member) => member.cookie));
  const routes = ['/api/session/check', '/api/dashboard', '/api/rotating-fund', '/api/requests'];
  const rows: (string | number)[][] = [];
  const minutes: {
    minute: number;
    requestsPerSecond: number;
    p99Ms: number;
    heapMb: number;
    rssMb: number;
    sockets: number;
  }[] = [];
  let failures = 0;
  try {
    await sleep(1000);
    const socketsBefore = socketsOf(pid);
    for (let minute = 1; minute <= MINUTES; minute++) {
      const loads = [
        ...routes.map((route, i) =>
          pacedLoad({
            url: `${giro.url}${route}`,
            headers: { cookie: cookies[(minute + i) % cookies.length]! },
            rate: RATE / 4,
            connections: 10,
            // The paced client adds its own second of warm-up.
            durationMs: MINUTE_MS - 1000,
          }),
        ),
        resyncLoad({
          wsUrl: `${giro.url.replace('http', 'ws')}/ws`,
          origin: PUBLIC_URL,
          cookies,
          sockets: SOCKETS,
          durationMs: MINUTE_MS,
          rate: RATE / 5,
        }),
      ];
      const results = await Promise.allSettled(loads);
      const done = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      for (const r of results) {
        if (r.status !== 'rejected') continue;
        failures++;
        console.error(String(r.reason));
      }
      const memory = await memoryOf(giro.child);
      const row = {
        minute,
        requestsPerSecond: Math.round(done.reduce((sum, r) => sum + r.requestsPerSecond, 0)),
        p99Ms: Math.max(...done.map((r) => r.p99Ms)),
        heapMb: round(memory.heapUsed / MB, 1),
        rssMb: round(memory.rss / MB, 1),
        sockets: socketsOf(pid),
      };
      minutes.push(row);
      rows.push([row.minute, row.requestsPerSecond, row.p99Ms, row.heapMb, row.rssMb, row.sockets]);
      console.log(`minute ${minute}: ${JSON.stringify(row)}`);
    }
    await sleep(2000);
    const socketsAfter = socketsOf(pid);
    // From minute 5 on (caches and JIT have settled by then); a shorter run from its first.
    const from = minutes[minutes.length > 5 ? 4 : 0]!;
    const last = minutes.at(-1)!;
    const heapGrowth = round((last.heapMb - from.heapMb) / from.heapMb, 3);
    console.log(`\nsoak: ${MINUTES} min at ${RATE} req/s and ${SOCKETS} sockets (${values.db})\n`);
    printTable(['minute', 'req/s', 'p99 ms (slowest)', 'heap MB after GC', 'RSS MB', 'open sockets'], rows);
    console.log(
      `\nheap from minute ${from.minute} to ${last.minute}: ${from.heapMb} → ${last.heapMb} MB (${round(heapGrowth * 100, 1)} %); ` +
        `open sockets before the load ${socketsBefore}, after it ${socketsAfter}; failed loads ${failures}`,
    );
    writeResult(`soak-${values.db}`, { minutes, heapGrowth, socketsBefore, socketsAfter, failures });
    if (values.check) {
      const problems = [
        ...(failures > 0 ? [`${failures} loads failed`] : []),
        ...(socketsAfter > socketsBefore ? [`sockets ${socketsBefore} → ${socketsAfter}`] : []),
        ...(MINUTES > 5 && heapGrowth > 0.1 ? [`heap grew ${round(heapGrowth * 100, 1)} %`] : []),
      ];
      if (problems.length > 0) {
        console.error(`soak check failed: ${problems.join('; ')}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await giro.stop();
    await cleanup();
  }
}

await main();
