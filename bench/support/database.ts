import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../packages/server/src/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/** The PostgreSQL server the benches use (trust auth on this machine); BENCH_DATABASE_URL overrides. */
export function postgresUrl(database?: string): string {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database of its own, dropped by `drop()`. */
export async function freshPostgres(
  options: { asyncCommit?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `giro_bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  // A diagnosis only: commits stop waiting for the WAL flush (fdatasync, ~3 ms on this disk).
  if (options.asyncCommit) await admin(`alter database ${name} set synchronous_commit = off`);
  // KEEP_BENCH_DB=1 leaves it for a look afterwards (what a run wrote; drop it by hand).
  const keep = Boolean(process.env.KEEP_BENCH_DB);
  return {
    url: postgresUrl(name),
    drop: async () => {
      if (keep) console.log(`kept the database ${name}`);
      else await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A migrated database: PGlite in memory, or a fresh PostgreSQL database dropped on close. */
export async function openBenchDatabase(
  kind: DatabaseKind,
  options: { poolSize?: number; asyncCommit?: boolean } = {},
): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openPglite();
    await database.migrate();
    return database;
  }
  const fresh = await freshPostgres({ asyncCommit: options.asyncCommit });
  const database = await openPostgres(fresh.url, options.poolSize ?? 10);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/** The connection string of a bench PostgreSQL database (for a second instance), if it is one. */
export function urlOf(database: Database): string | undefined {
  const pool = (database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
  return pool.options?.connectionString;
}
