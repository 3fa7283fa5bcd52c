/**
 * Signed-in requests against the database's own speed (issue 15). For each engine, a family of
 * six with a collecting round is made by the real use cases, then Giro (`npm start`) and the
 * floor (bench/support/floor-server.ts: bare node:http, one prepared `SELECT 1` through a pool of
 * the same size, or one autocommit INSERT) run side by side, and each route is measured
 * interleaved with the floor, `--reps` times, median reported, as a ratio to that engine's
 * floor. Then each route again at half its measured rate, evenly paced (support/paced-load.ts):
 * the p99 a member sees when the server is busy but not saturated (median of `--reps` runs),
 * each run followed by the one-query floor at the same rate, so the host's own stalls in those
 * minutes stand beside it. The write rows come last, after every read's runs. They also give the
 * CPU each request cost the server, PostgreSQL and the load client (support/process-cpu.ts),
 * which the host's disk moves far less than the rate, and on PostgreSQL the WAL it wrote.
 * Run: npm run bench:http   (options: --duration 5 --connections 50 --reps 3 --db both|pglite|postgres
 * --writes-only, --only <regex of read rows>, --node-flags="<flags for Giro's node>",
 * --sql-before-writes="<SQL run on Giro's database before the write rows>"; GIRO_STDOUT=<file>)
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../packages/server/src/db/client';
import { type CollectingFamily, seedCollectingFamilies } from './support/collecting-family';
import { type DatabaseKind, freshPostgres } from './support/database';
import { PUBLIC_URL, SESSION_SECRET, startInProcess } from './support/in-process';
import { pacedLoad } from './support/paced-load';
import { type CpuReading, cpuPerRequestUs, cpuReader, walBytes } from './support/process-cpu';
import { median, printTable, round, sleep, writeResult } from './support/report';
import { resyncLoad } from './support/resync-load';
import { markInGiroStdout, type Running, startGiro } from './support/servers';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    reps: { type: 'string', default: '3' },
    families: { type: 'string', default: '100' },
    db: { type: 'string', default: 'both' },
    // Only the contribution POST and its insert floor: for working on the write path.
    'writes-only': { type: 'boolean', default: false },
    // Only the read rows whose title matches, and no write rows: for working on one route.
    only: { type: 'string' },
    // Node flags for Giro's process (e.g. --max-semi-space-size=32): for trying the runtime's settings.
    'node-flags': { type: 'string', default: '' },
    // SQL run on Giro's database (PostgreSQL) once the reads are done and before the write rows: for
    // trying the write path without a part of the schema (a trigger disabled, an index dropped).
    'sql-before-writes': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const reps = Number(values.reps);
/** Families per run of the contribution POST: each has four members left to pay. */
const families = Number(values.families);
const POOL = 10;
/**
 * Runs of the contribution POST after its warm-up: each spends `families` families' payments.
 * Four, not three: a write run lasts about a second (the floor's a fifth of one), and one WAL
 * flush that stalls on this shared disk moves a single run of the floor by a factor of five.
 */
const WRITE_REPS = 4;
/**
 * Runs of the contribution POST (and of the insert floor beside it) before those measured:
 * 6,400 contributions. A fresh server compiles the contribution's path while it answers them:
 * what runs once a batch (a dozen or more contributions) reaches V8's thresholds only after a
 * few hundred batches. After one warm-up run a quarter of Giro's CPU in the measured runs was
 * TurboFan compiling on V8's helper threads (`perf`, stop 51). After six, Giro spent 475–575
 * µs of CPU a contribution in seven bench runs; after sixteen, 375–425 in seven (stop 54), though
 * `--trace-opt` (with the run markers in GIRO_STDOUT) still shows TurboFan at work in some
 * measured runs. A server that has been up a day is past all of it. The read rows never had
 * this: each runs for seconds at thousands a second before it is measured.
 */
const WRITE_WARMUPS = 16;
/** The client's nice value once the servers run (raiseClientPriority). */
const CLIENT_PRIORITY = -5;
const root = new URL('..', import.meta.url).pathname;

interface Run {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}
type Load = (rate?: number) => Promise<Run>;

function http(url: string, headers: Record<string, string> = {}, expect = 200): Load {
  return async (rate) => {
    if (rate) return pacedLoad({ url, headers, rate, connections, durationMs: duration * 1000, expect });
    const result = await autocannon({ url, duration, connections, headers });
    const unexpected = result.requests.total - (result.statusCodeStats?.[`${expect}`]?.count ?? 0);
    if (unexpected > 0 || result.errors > 0)
      throw new Error(`${url}: ${unexpected} answers other than ${expect}, ${result.errors} errors`);
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
    };
  };
}

function startFloor(port: number, databaseUrl?: string, dataDir?: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/support/floor-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      FLOOR_POOL: String(POOL),
      FLOOR_DATABASE_URL: databaseUrl ?? '',
      // PGlite on disk beside Giro's, as Giro's is: its commits cost what Giro's do.
      FLOOR_DATA_DIR: dataDir ? join(dataDir, 'floor') : '',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  return (async () => {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${url}/select`)).ok) break;
      } catch {
        await sleep(100);
      }
    }
    return {
      url,
      child,
      stop: async () => {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      },
    };
  })();
}

interface Contribution {
  path: string;
  cookie: string;
  csrf: string;
}

/** Every unpaid member's contribution request, with their session and CSRF token. */
async function contributionRequests(url: string, payers: CollectingFamily[]): Promise<Contribution[]> {
  const requests: Contribution[] = [];
  // Member by member across the families, so requests in flight together are mostly of
  // different funds (one fund's commands wait for each other on its row, as they must).
  const unpaid = payers.map((family) =>
    family.members
      .filter((m) => m.id !== family.recipientId && m.id !== family.paidId)
      .map((member) => ({ family, member })),
  );
  for (let i = 0; i < (unpaid[0]?.length ?? 0); i++)
    for (const { family, member } of unpaid.map((list) => list[i]!)) {
      const response = await fetch(`${url}/api/csrf-token`, { headers: { cookie: member.cookie } });
      const { csrfToken } = (await response.json()) as { csrfToken: string };
      const csrfCookie = response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      requests.push({
        path: `${url}/api/rotating-fund/${family.fundId}/contributions`,
        cookie: `${member.cookie}; ${csrfCookie}`,
        csrf: csrfToken,
      });
    }
  return requests;
}

/** `count` requests over `connections` connections, as fast as they are answered. */
async function fixedCount(url: string, count: number, next?: () => Contribution): Promise<Run> {
  // Timed here, to the last answer: in `amount` mode autocannon only notices it is done at its
  // next sample tick (every `sampleInt`, a second by default), so its run ends on a whole second
  // and a rate from its end is rounded down to `count` over whole seconds (400 answers in 0.4 s
  // read as 400 req/s).
  const started = performance.now();
  let lastAnswer = started;
  const options: autocannon.Options = {
    url,
    connections: Math.min(connections, count),
    amount: count,
    // A slow answer is still an answer: on PGlite, whose one connection takes the commands in
    // turn, the last of 50 queued contributions can wait longer than autocannon's default 10 s.
    timeout: 60,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'manual' }),
    ...(next
      ? {
          requests: [
            {
              method: 'POST',
              setupRequest: (request: autocannon.Request) => {
                const c = next();
                return {
                  ...request,
                  path: new URL(c.path).pathname,
                  body: JSON.stringify({ method: 'manual' }),
                  headers: {
                    'content-type': 'application/json',
                    cookie: c.cookie,
                    'x-csrf-token': c.csrf,
                    'idempotency-key': randomUUID(),
                  },
                };
              },
            },
          ],
        }
      : {}),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', () => {
      lastAnswer = performance.now();
    });
  });
  const failed = result.requests.total - (result.statusCodeStats?.[next ? '200' : '201']?.count ?? 0);
  if (failed > 0 || result.errors > 0) throw new Error(`${url}: ${failed} failed, ${result.errors} errors`);
  return {
    requestsPerSecond: Math.round(result.requests.total / ((lastAnswer - started) / 1000)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

function post(batch: Contribution[]): Promise<Run> {
  let i = 0;
  return fixedCount(batch[0]!.path, batch.length, () => batch[i++ % batch.length]!);
}

/** `--sql-before-writes`: PostgreSQL only, since Giro holds PGlite's data directory while it runs. */
async function runSql(kind: DatabaseKind, env: Record<string, string>, text: string): Promise<void> {
  if (kind !== 'postgres' || !env.DATABASE_URL) throw new Error('--sql-before-writes needs --db postgres');
  const database = await openPostgres(env.DATABASE_URL, 1);
  try {
    await database.db.execute(sql.raw(text));
  } finally {
    await database.close();
  }
}

/** A migrated database holding the family, closed again: the server opens it itself. */
async function prepare(kind: DatabaseKind) {
  let database: Database;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'giro-http-'));
    database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    env = { DATA_DIR: dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const fresh = await freshPostgres();
    database = await openPostgres(fresh.url, POOL);
    env = { DATABASE_URL: fresh.url };
    cleanup = fresh.drop;
  }
  await database.migrate();
  const server = await startInProcess(database);
  // With --only there are no write rows, so only the family the reads use (the payers' seed is
  // most of the bench's start-up: over two minutes for the twenty runs' two thousand families).
  const seeded = await seedCollectingFamilies(server, {
    families: 1 + (values.only ? 0 : families * (WRITE_REPS + WRITE_WARMUPS)),
    members: 6,
  });
  // The seed's own backlog is not the load measured: left queued, Giro's workers would deliver
  // it during the runs (until stop 37 they did: 1,500 welcome emails and 6,000 socket events,
  // one at a time, on the same two cores as the measured routes).
  await database.db.execute(
    sql`update mail_messages set status = 'sent', sent_at = now() where sent_at is null`,
  );
  await database.db.execute(
    sql`update outbox set processed_at = now() where processed_at is null and topic in ('mail', 'realtime')`,
  );
  await server.close();
  await database.close();
  const [family, ...payers] = seeded;
  return {
    family: family!,
    payers,
    env,
    cleanup,
    floorUrl: kind === 'postgres' ? env.DATABASE_URL : undefined,
  };
}

/**
 * The measuring client ahead of the servers it measures, on this process's main thread only (the
 * servers were started before, at the usual priority, and keep it). On two shared cores the
 * client waited for a core 80–120 ms in a second at half rate (stop 47, /proc schedstat), and a
 * request owed while it waited counted that wait as the server's. A server's own stalls still
 * count: they hold the answer, not the asking. Needs root or CAP_SYS_NICE; without them the run
 * goes on at the usual priority and says so.
 */
function raiseClientPriority(): void {
  try {
    setPriority(CLIENT_PRIORITY);
  } catch (error) {
    console.warn(`the client runs at the usual priority: ${(error as Error).message}`);
  }
}

async function bench(kind: DatabaseKind) {
  const { family, payers, env, cleanup, floorUrl } = await prepare(kind);
  // Everything started is stopped and the database dropped even when a start fails (a bad
  // --node-flags): a floor left running keeps its port, and the next run would measure it instead.
  const started: Running[] = [];
  try {
    const floor = await startFloor(5601, floorUrl, env.DATA_DIR);
    started.push(floor);
    const giro = await startGiro(
      5602,
      {
        ...env,
        PUBLIC_URL,
        SESSION_SECRET,
        TEST_CLOCK: '1',
        RATE_LIMIT_SCALE: '1000',
      },
      { execArgv: values['node-flags'].split(' ').filter(Boolean) },
    );
    started.push(giro);
    raiseClientPriority();
    const member = family.members.find((m) => m.id !== family.recipientId)!;
    const cookie = member.cookie;
    const oneQueryFloor = http(`${floor.url}/select`);
    // What the load client and node:http cost with no database: the p99 this machine can show.
    const noQueryFloor = http(`${floor.url}/constant`);
    const loads: [string, Load][] = [
      ['one-query floor: node:http + prepared SELECT 1', oneQueryFloor],
      ['no-query floor: node:http, a constant answer', noQueryFloor],
      ['GET /api/session/check, signed out', http(`${giro.url}/api/session/check`)],
      ['GET /api/session/check, signed in', http(`${giro.url}/api/session/check`, { cookie })],
      ['GET /api/dashboard', http(`${giro.url}/api/dashboard`, { cookie })],
      ['GET /api/rotating-fund (fund view)', http(`${giro.url}/api/rotating-fund`, { cookie })],
      ['GET /api/requests (requests view)', http(`${giro.url}/api/requests`, { cookie })],
      [
        'RESYNC_REQUEST on /ws (50 sockets)',
        (rate) =>
          resyncLoad({
            wsUrl: `${giro.url.replace('http', 'ws')}/ws`,
            origin: PUBLIC_URL,
            cookies: family.members.map((m) => m.cookie),
            sockets: connections,
            durationMs: duration * 1000,
            rate,
          }),
      ],
    ];
    if (values['writes-only']) loads.splice(0);
    if (values.only) {
      const only = new RegExp(values.only);
      // The one-query floor stays: the ratios and the half-rate floors are read against it.
      loads.splice(1, loads.length, ...loads.slice(1).filter(([title]) => only.test(title)));
    }
    // Warm-up: JIT, pools and caches, not measured.
    for (const [, load] of loads) await load();
    const runs = new Map<string, Run[]>(loads.map(([title]) => [title, []]));
    for (let rep = 0; rep < reps; rep++)
      for (const [title, load] of loads) {
        markInGiroStdout(`${title}: full rate, run ${rep + 1}`);
        runs.get(title)!.push(await load());
      }
    // The half-rate runs before the write rows, not after: the first half-rate runs after the
    // 8,000 contributions were the slow ones (stops 54 and 55: the signed-out check, the first
    // route after the floors, 36.7 and 41.8 ms, the no-query floor 59.8), while the same routes
    // met the bar in runs without the writes. Whatever the writes leave behind is not a read's.
    const floorRate = loads.length ? median(runs.get(loads[0]![0])!.map((r) => r.requestsPerSecond)) : 0;
    const rows: (string | number)[][] = [];
    const json = [];
    for (const [title, load] of loads) {
      const measured = runs.get(title)!;
      const rate = median(measured.map((r) => r.requestsPerSecond));
      const half = Math.max(1, Math.round(rate / 2));
      // The p99 at half rate is a median of `reps` runs too: one run's p99 is its slowest hundredth
      // of answers, which one stall of two shared cores can fill. Each run of a route is followed
      // by the one-query floor at the same rate: what this host's stalls gave a server that does
      // nothing but one query, in the same minutes, so a slow minute is told from a slow route.
      const halves: Run[] = [];
      const floorHalves: Run[] = [];
      for (let rep = 0; rep < reps; rep++) {
        markInGiroStdout(`${title}: half rate (${half}/s), run ${rep + 1}`);
        halves.push(await load(half));
        markInGiroStdout(`${title}: half rate done, p99 ${halves.at(-1)!.p99Ms} ms`);
        if (load !== oneQueryFloor && load !== noQueryFloor) floorHalves.push(await oneQueryFloor(half));
      }
      const row = {
        route: title,
        requestsPerSecond: rate,
        p50Ms: median(measured.map((r) => r.p50Ms)),
        p99Ms: median(measured.map((r) => r.p99Ms)),
        ratio: round(rate / floorRate, 2),
        p99AtHalfMs: median(halves.map((h) => h.p99Ms)),
        floorP99AtSameRateMs: floorHalves.length ? median(floorHalves.map((h) => h.p99Ms)) : undefined,
      };
      json.push(row);
      rows.push([
        row.route,
        row.requestsPerSecond,
        row.p50Ms,
        row.p99Ms,
        row.ratio,
        row.p99AtHalfMs,
        row.floorP99AtSameRateMs ?? '',
      ]);
    }
    // The contribution POST: each request a different member's first payment of the round
    // (idempotency row, ledger transaction, outbox rows, one commit), against one autocommit
    // INSERT on the floor; as many of each, interleaved.
    const beforeWrites = values['sql-before-writes'];
    if (beforeWrites && !values.only) await runSql(kind, env, beforeWrites);
    const contributions = values.only ? [] : await contributionRequests(giro.url, payers);
    const perRun = families * 4;
    // Each with the process that answers it, whose CPU is read beside PostgreSQL's and the client's.
    const writes: [string, (i: number) => Promise<Run>, 'floor' | 'giro'][] = [
      [
        'insert floor: node:http + prepared INSERT, autocommit',
        () => fixedCount(`${floor.url}/insert`, perRun),
        'floor',
      ],
      [
        'POST /api/rotating-fund/:id/contributions',
        (i) => post(contributions.slice(i * perRun, (i + 1) * perRun)),
        'giro',
      ],
    ];
    if (values.only) writes.splice(0);
    const writeRuns = new Map<string, Run[]>(writes.map(([title]) => [title, []]));
    // CPU per request of each measured write run: from its start to the next run's start, so what
    // it left to the workers (the outbox's socket events) counts with it; autocannon ends a run on
    // its next whole second, which leaves them the time.
    const readCpu = cpuReader({ floor: floor.child.pid, giro: giro.child.pid });
    const writeCpu = new Map<string, ReturnType<typeof cpuPerRequestUs>[]>(
      writes.map(([title]) => [title, []]),
    );
    // And the WAL each measured run wrote, per request (PostgreSQL only), over the same windows.
    const walClient = kind === 'postgres' && writes.length > 0 ? new pg.Client(env.DATABASE_URL) : undefined;
    await walClient?.connect();
    const readWal = async () => (walClient ? walBytes((text) => walClient.query(text)) : undefined);
    const writeWal = new Map<string, number[]>(writes.map(([title]) => [title, []]));
    let open:
      | { title: string; server: string; from: CpuReading; wal: bigint | undefined; measured: boolean }
      | undefined;
    const closeCpuWindow = (to: CpuReading | undefined, wal: bigint | undefined) => {
      if (open?.measured && to)
        writeCpu.get(open.title)!.push(cpuPerRequestUs(open.server, open.from, to, perRun));
      if (open?.measured && open.wal !== undefined && wal !== undefined)
        writeWal.get(open.title)!.push(Number(wal - open.wal) / perRun);
    };
    for (let rep = 0; rep < WRITE_REPS + WRITE_WARMUPS; rep++)
      for (const [title, load, server] of writes) {
        const wal = await readWal();
        const from = readCpu?.();
        closeCpuWindow(from, wal);
        open = from && { title, server, from, wal, measured: rep >= WRITE_WARMUPS };
        markInGiroStdout(
          `${title}: ${rep < WRITE_WARMUPS ? `warm-up run ${rep + 1}` : `run ${rep - WRITE_WARMUPS + 1}`}`,
        );
        const run = await load(rep);
        if (rep >= WRITE_WARMUPS) writeRuns.get(title)!.push(run);
      }
    await sleep(1000);
    const lastWal = await readWal();
    closeCpuWindow(readCpu?.(), lastWal);
    await walClient?.end();
    const insertRate = writes.length
      ? median(writeRuns.get(writes[0]![0])!.map((r) => r.requestsPerSecond))
      : 0;
    const cpuRows: (string | number)[][] = [];
    for (const [title] of writes) {
      const measured = writeRuns.get(title)!;
      const rate = median(measured.map((r) => r.requestsPerSecond));
      const cpu = writeCpu.get(title)!;
      const wal = writeWal.get(title)!;
      const cpuUs =
        cpu.length === 0
          ? undefined
          : {
              server: median(cpu.map((c) => c.server)),
              // PGlite runs inside the server: its time is the server's.
              postgres: kind === 'postgres' ? median(cpu.map((c) => c.postgres)) : undefined,
              client: median(cpu.map((c) => c.client)),
            };
      const walBytesPerRequest = wal.length > 0 ? Math.round(median(wal)) : undefined;
      const row = {
        route: `${title} (ratio to the insert floor)`,
        requestsPerSecond: rate,
        p50Ms: median(measured.map((r) => r.p50Ms)),
        p99Ms: median(measured.map((r) => r.p99Ms)),
        ratio: round(rate / insertRate, 2),
        cpuUs,
        walBytesPerRequest,
      };
      json.push(row);
      rows.push([row.route, row.requestsPerSecond, row.p50Ms, row.p99Ms, row.ratio, '', '']);
      if (cpuUs)
        cpuRows.push([
          title,
          cpuUs.server,
          cpuUs.postgres ?? 'in the server',
          cpuUs.client,
          cpuUs.server + (cpuUs.postgres ?? 0),
          walBytesPerRequest ?? '',
        ]);
    }
    console.log(
      `\n${kind}: ${duration} s runs, ${connections} connections, pool ${POOL}, median of ${reps} (writes: of ${WRITE_REPS} runs of ${families * 4} requests, after ${WRITE_WARMUPS} warm-up runs)\n`,
    );
    printTable(
      [
        'route',
        'req/s',
        'p50 ms',
        'p99 ms',
        'ratio to floor',
        'p99 ms at half rate',
        "one-query floor's p99 ms at that rate",
      ],
      rows,
    );
    if (cpuRows.length > 0) {
      console.log(
        `\nCPU per request, µs, and WAL written per request, bytes (median of the ${WRITE_REPS} measured runs, from /proc and pg_current_wal_insert_lsn)\n`,
      );
      printTable(
        ['route', 'server', 'PostgreSQL', 'load client', 'server + PostgreSQL', 'WAL bytes'],
        cpuRows,
      );
    }
    return { db: kind, rows: json };
  } finally {
    for (const server of started.reverse()) await server.stop();
    await cleanup();
  }
}

const kinds: DatabaseKind[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as DatabaseKind];
const results = [];
for (const kind of kinds) results.push(await bench(kind));
writeResult('http', { duration, connections, reps, pool: POOL, results });
