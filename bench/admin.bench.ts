/**
 * The admin insight and monitoring routes (and the member statistics, whose statement reads
 * the ledger by account) at scale: 10,000 organizations of 4 members with a fund each, 40 fund
 * events per fund, 12 ledger transactions per organization, invite events, 1,000 tester
 * invites, and 100,000 rows of the API request log (86,000 of them in the last day). Each route
 * is asked through the app (inject, as an admin with a session), median of `--reps` after 2
 * warm-ups, as a ratio to a `select 1` floor on the same database measured in the same run; the
 * first request is shown too (the monitoring page loads its day of the log then).
 * Run: npm run bench:admin   (options: --reps 7 --orgs 10000 --requests 100000 --db both|pglite|postgres)
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { seedAdminData, tableSizes } from './support/admin-seed';
import { type DatabaseKind, openBenchDatabase } from './support/database';
import { SESSION_SECRET, startInProcess } from './support/in-process';
import { median, printTable, round, writeResult } from './support/report';
import { seedOrganizations } from './support/seed';

const { values } = parseArgs({
  options: {
    reps: { type: 'string', default: '7' },
    orgs: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'both' },
  },
});
const REPS = Number(values.reps);
const ORGS = Number(values.orgs);
const REQUESTS = Number(values.requests);
const EVENTS_PER_FUND = 40;

const ROUTES = [
  '/api/admin/overview',
  '/api/admin/invite-tracking?days=30',
  '/api/admin/invite-tracking?days=30&code={code}',
  '/api/admin/statistics?days=90',
  '/api/admin/fund-metrics',
  '/api/admin/api-monitoring',
  '/api/admin/api-logs',
  '/api/admin/api-logs?status=5xx',
  '/api/admin/api-logs?status=404',
  '/api/statistics/me',
  '/api/statistics/me/statement.csv',
];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function bench(kind: DatabaseKind) {
  const database = await openBenchDatabase(kind);
  const server = await startInProcess(database);
  try {
    const [admin] = await seedOrganizations(database.db, SESSION_SECRET, { organizations: 1, members: 4 });
    await seedOrganizations(database.db, SESSION_SECRET, {
      organizations: ORGS - 1,
      members: 4,
      sessions: false,
    });
    const adminMember = admin!.members[0]!;
    await database.db.execute(sql`update users set role = 'admin' where id = ${adminMember.id}`);
    const seeding = performance.now();
    await seedAdminData(database.db, { eventsPerFund: EVENTS_PER_FUND, requests: REQUESTS });
    console.log(`${kind}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const sizes = await tableSizes(database.db);
    console.log(sizes);
    const code = (
      (await database.db.execute(sql`select invite_code from organizations limit 1`)) as unknown as {
        rows: { invite_code: string }[];
      }
    ).rows[0]!.invite_code;

    const floorSamples: number[] = [];
    for (let i = 0; i < 50; i++) floorSamples.push(await timed(() => database.db.execute(sql`select 1`)));
    const floorMs = median(floorSamples.slice(10));
    const rows = [];
    for (const template of ROUTES) {
      const url = template.replace('{code}', code);
      const ask = async () => {
        const response = await server.app.inject({
          method: 'GET',
          url,
          headers: { cookie: adminMember.cookie },
        });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      };
      const firstMs = await timed(ask);
      await ask();
      const samples: number[] = [];
      for (let i = 0; i < REPS; i++) samples.push(await timed(ask));
      const ms = median(samples);
      console.log(`${kind} ${template}: ${ms.toFixed(1)} ms (first ${firstMs.toFixed(1)} ms)`);
      rows.push({
        db: kind,
        route: template,
        ms: round(ms, 1),
        ratio: Math.round(ms / floorMs),
        firstMs: round(firstMs, 1),
      });
    }
    return { kind, floorMs: round(floorMs, 3), sizes, rows };
  } finally {
    await server.close();
    await database.close();
  }
}

const kinds: DatabaseKind[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as DatabaseKind];
const results = [];
for (const kind of kinds) results.push(await bench(kind));
console.log(
  `\nmedian of ${REPS} requests per route after 2 warm-ups (the first one also shown); floor: select 1 on the same database\n`,
);
printTable(
  ['database', 'route', 'ms', 'ratio to select 1', 'first request ms'],
  [
    ...results.map((r) => [r.kind, 'select 1 (floor)', r.floorMs, 1, '']),
    ...results.flatMap((r) =>
      r.rows.map((row) => [row.db, `GET ${row.route}`, row.ms, row.ratio, row.firstMs]),
    ),
  ],
);
writeResult('admin', {
  reps: REPS,
  organizations: ORGS,
  requests: REQUESTS,
  eventsPerFund: EVENTS_PER_FUND,
  results,
});
