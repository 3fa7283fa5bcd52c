/**
 * Idle authenticated sockets on one real server process (scripts/start.mjs on PostgreSQL, the
 * Origin check on): memory per socket of the server process, from the growth of its RSS and
 * of its heap (after a full GC) between steps of sockets opened, as a ratio to the same
 * number of idle raw TCP connections kept by a bare `net` server. The clients live in other
 * processes, so their memory is not counted.
 *
 * This machine allows 20,000 open files per process (`ulimit -Hn`, and raising it is not
 * permitted), so one server process holds at most ~19,900 sockets: 50,000 cannot be reached
 * here; the default is 19,000. Source addresses 127.1.x.y (50 sockets each) keep every address
 * under the /ws rate limit (60 a minute) and inside the ephemeral port range.
 * Run: npm run bench:sockets   (options: --sockets 19000 --steps 4 --warm 1000)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { openPostgres } from '../packages/server/src/db/client';
import { ClientProcess, openAll, type SocketSpec, sourceAddress } from './support/clients';
import { freshPostgres } from './support/database';
import { PUBLIC_URL, SESSION_SECRET } from './support/in-process';
import { type Memory, memoryOf, memoryProbeFlags } from './support/probed-memory';
import { median, printTable, round, sleep, writeResult } from './support/report';
import { seedOrganizations } from './support/seed';
import { startGiro } from './support/servers';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '19000' },
    steps: { type: 'string', default: '4' },
    warm: { type: 'string', default: '1000' },
    clients: { type: 'string', default: '3' },
  },
});
const TOTAL = Number(values.sockets);
const STEPS = Number(values.steps);
const WARM = Number(values.warm);
const PER_ADDRESS = 50;
const STEP = Math.floor((TOTAL - WARM) / STEPS);

interface Growth {
  sockets: number;
  rssKb: number;
  heapKb: number;
  externalKb: number;
}
/** Memory after the warm-up, then after each step; the growth per socket of each step. */
async function measure(
  child: ChildProcess,
  openStep: (from: number, count: number) => Promise<void>,
): Promise<{ steps: Growth[]; whole: Growth }> {
  await openStep(0, WARM);
  await sleep(1000);
  const marks = [await memoryOf(child)];
  for (let s = 0; s < STEPS; s++) {
    await openStep(WARM + s * STEP, STEP);
    await sleep(1000);
    marks.push(await memoryOf(child));
  }
  const growth = (a: Memory, b: Memory, n: number): Growth => ({
    sockets: n,
    rssKb: round((b.rss - a.rss) / n / 1024),
    heapKb: round((b.heapUsed - a.heapUsed) / n / 1024),
    externalKb: round((b.external - a.external) / n / 1024),
  });
  return {
    steps: marks.slice(1).map((m, i) => growth(marks[i]!, m, STEP)),
    whole: growth(marks[0]!, marks.at(-1)!, STEP * STEPS),
  };
}

const summary = (title: string, m: { steps: Growth[]; whole: Growth }) => ({
  title,
  sockets: WARM + STEP * STEPS,
  rssKb: round(median(m.steps.map((s) => s.rssKb))),
  heapKb: round(median(m.steps.map((s) => s.heapKb))),
  externalKb: round(median(m.steps.map((s) => s.externalKb))),
  whole: m.whole,
  steps: m.steps,
});

const clients = Array.from({ length: Number(values.clients) }, () => ClientProcess.start());
const addresses = Array.from({ length: WARM + STEP * STEPS }, (_, i) => sourceAddress(i, PER_ADDRESS));
let floor: ReturnType<typeof summary>;
let giro: ReturnType<typeof summary>;
try {
  // The floor: a bare net server, raw TCP connections from the same addresses.
  {
    const port = 5611;
    const raw = fork(new URL('./support/raw-server.ts', import.meta.url).pathname, [], {
      execArgv: memoryProbeFlags,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise((resolve) => raw.once('message', resolve));
    try {
      floor = summary(
        'bare net server, raw TCP connections (floor)',
        await measure(raw, async (from, count) => {
          const share = Math.ceil(count / clients.length);
          const results = await Promise.all(
            clients.map((c, i) =>
              c.openRaw(
                '127.0.0.1',
                port,
                addresses.slice(from + i * share, from + Math.min(count, (i + 1) * share)),
              ),
            ),
          );
          const failed = results.reduce((n, r) => n + r.failed, 0);
          if (failed)
            throw new Error(
              `${failed} raw connections failed: ${results.find((r) => r.firstError)?.firstError}`,
            );
        }),
      );
    } finally {
      raw.kill('SIGTERM');
    }
  }
  for (const c of clients) await c.close();
  clients.splice(0, clients.length, ...clients.map(() => ClientProcess.start()));

  // Giro: the real server process on a fresh PostgreSQL database.
  const database = await freshPostgres();
  const server = await startGiro(
    5612,
    { DATABASE_URL: database.url, PUBLIC_URL, SESSION_SECRET },
    { execArgv: memoryProbeFlags, ipc: true },
  );
  try {
    const seeding = await openPostgres(database.url, 2);
    const organizations = await seedOrganizations(seeding.db, SESSION_SECRET, {
      organizations: Math.ceil(addresses.length / 5),
      members: 5,
    });
    await seeding.close();
    const specs: SocketSpec[] = organizations
      .flatMap((o) => o.members)
      .slice(0, addresses.length)
      .map((m, i) => ({ cookie: m.cookie, localAddress: addresses[i]!, tag: 'giro' }));
    const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
    giro = summary(
      'Giro /ws, authenticated, organizations of 5',
      await measure(server.child, async (from, count) => {
        const ms = await openAll(clients, wsUrl, PUBLIC_URL, specs.slice(from, from + count));
        console.log(`  ${count} sockets authenticated in ${ms} ms`);
      }),
    );
  } finally {
    for (const c of clients) await c.close();
    await server.stop();
    await database.drop();
  }

  const rows = [floor, giro].map((r) => ({
    ...r,
    rssRatio: round(r.rssKb / floor.rssKb),
    heapRatio: round(r.heapKb / floor.heapKb),
  }));
  console.log(
    `\n${floor.sockets} idle sockets (largest this machine allows: 20,000 files per process), median of ${STEPS} steps of ${STEP}\n`,
  );
  printTable(
    [
      'server',
      'sockets',
      'RSS KB per socket',
      'heap KB per socket',
      'external KB per socket',
      'RSS ratio',
      'heap ratio',
    ],
    rows.map((r) => [r.title, r.sockets, r.rssKb, r.heapKb, r.externalKb, r.rssRatio, r.heapRatio]),
  );
  writeResult('sockets-memory', { sockets: floor.sockets, steps: STEPS, warm: WARM, rows });
} finally {
  await Promise.all(clients.map((c) => c.close()));
}
