import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from '../db/client';
import { deadlineLagSeconds, outboxBacklog } from '../db/health.queries';

/**
 * What `GET /readyz` reports (issue 19): whether this instance should get traffic. Ready when
 * the database answers within two seconds, every migration this code knows is applied, the
 * outbox and deadline workers are alive, and the instance is not shutting down. The backlog and
 * the lag are reported but do not gate: they are the same on every instance (a slow mail server
 * would take them all out at once, and removing instances shrinks no backlog). Counts and ages
 * only: nothing about any member.
 */

export interface WorkerHealth {
  health(): { alive: boolean; lastRunAt: string | null; lastRunFailed: boolean };
}

export interface ReadinessSources {
  db: Db;
  workers: { outbox: WorkerHealth; deadlines: WorkerHealth };
  /** True once SIGTERM arrived: the balancer stops sending before the instance stops answering. */
  stopping: () => boolean;
  now: () => Date;
}

const DATABASE_TIMEOUT_MS = 2000;

/** The last migration of this build: the database is at least this far (drizzle's own record). */
const lastMigrationAt: number = (() => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
})();

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

async function oldestWaitingSeconds(db: Db, now: Date): Promise<number> {
  const result = await db.execute<{ oldest: string | Date | null }>(
    sql`select min(available_at) as oldest from outbox where processed_at is null and available_at <= ${now}`,
  );
  const oldest = result.rows[0]?.oldest;
  return oldest ? Math.max(0, Math.round((now.getTime() - new Date(oldest).getTime()) / 1000)) : 0;
}

/** What /readyz reads from the database: whether it answers, and the migrations and lags. */
async function readDatabase(sources: ReadinessSources) {
  const now = sources.now();
  try {
    return await withTimeout(
      (async () => {
        const applied = await sources.db.execute<{ last: string | number | null }>(
          sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
        );
        return {
          database: 'ok' as 'ok' | 'unreachable',
          migrations:
            Number(applied.rows[0]?.last ?? 0) >= lastMigrationAt
              ? ('ok' as 'ok' | 'pending' | 'unknown')
              : ('pending' as const),
          outboxBacklog: await outboxBacklog(sources.db, now),
          outboxOldestSeconds: await oldestWaitingSeconds(sources.db, now),
          deadlineLagSeconds: await deadlineLagSeconds(sources.db, now),
        };
      })(),
      DATABASE_TIMEOUT_MS,
    );
  } catch {
    return {
      database: 'unreachable' as const,
      migrations: 'unknown' as const,
      outboxBacklog: 0,
      outboxOldestSeconds: 0,
      deadlineLagSeconds: 0,
    };
  }
}

/** How long a database reading answers probes: a balancer's, a runtime's and a monitor's together. */
const READING_MS = 1000;

/**
 * The check /readyz runs. Its database part (four small statements) is shared by the probes
 * that arrive within a second of each other, so probing every 100 ms costs the database what
 * probing every second does; a shutdown and the workers' health are read fresh every time.
 */
export function readinessCheck(sources: ReadinessSources) {
  let last: { at: number; reading: ReturnType<typeof readDatabase> } | undefined;
  return async () => {
    if (!last || Date.now() - last.at >= READING_MS)
      last = { at: Date.now(), reading: readDatabase(sources) };
    const { database, migrations, ...lag } = await last.reading;
    const outbox = sources.workers.outbox.health();
    const deadlines = sources.workers.deadlines.health();
    const checks = {
      stopping: sources.stopping(),
      database,
      migrations,
      outboxWorker: outbox,
      deadlineWorker: deadlines,
      ...lag,
    };
    const ready =
      !checks.stopping && database === 'ok' && migrations === 'ok' && outbox.alive && deadlines.alive;
    return { ready, checks };
  };
}
