import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * The database as the use cases see it; the same for PGlite and node-postgres. Without the
 * schema: nothing uses Drizzle's relational queries (`db.query.…`), and with it every
 * transaction built one query builder per table, about 1.5 % of a contribution's CPU.
 */
// biome-ignore lint/suspicious/noExplicitAny: both drivers' query-result kinds must fit
export type Db = PgDatabase<any>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
export type { PgQueryResultHKT };

export const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

/**
 * A round trip of a no-op statement on the listening connection: when it resolves, every
 * notification committed before it was sent has been handed to `onPayload` (db/read-fence.ts).
 */
export type RoundTripHere = () => Promise<void>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Receives NOTIFYs on a channel (PGlite delivers them in-process; PostgreSQL on a connection
   * of its own, re-established if it drops). `onState` hears when that connection is up or
   * down (what was sent while it was down is lost); when up on PostgreSQL, it is also given
   * `roundTripHere`, a no-op statement on that very connection (the read fence). Returns the way
   * to stop listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (connected: boolean, roundTripHere?: RoundTripHere) => void,
  ): Promise<() => Promise<void>>;
  /** PGlite only: its whole data directory as a gzipped tarball (ops/backup.ts). */
  dumpDataDir?: () => Promise<Blob>;
}

/** PGlite, in memory (no dataDir) or persisted in a directory, or loaded from a snapshot. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    // In-process: a NOTIFY is delivered before the statement that sent it returns.
    listen: async (channel, onPayload, onState) => {
      const unlisten = await client.listen(channel, onPayload);
      onState?.(true);
      return async () => {
        onState?.(false);
        await unlisten();
      };
    },
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // A dropped idle connection must not crash the process; the pool reconnects on next use.
  pool.on('error', () => {});
  // Nor one dropped while checked out (PostgreSQL restarting under a query): pg emits 'error'
  // on that client, which has no listener once the pool lent it out, and the query in flight is
  // already failed with the same error (found by test/health.test.ts, issue 19).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    close: () => pool.end(),
    listen: (channel, onPayload, onState) => listenPostgres(connectionString, channel, onPayload, onState),
  };
}

const RELISTEN_MS = 1000;

/**
 * LISTEN on a dedicated connection (a pooled one would lose it); reconnects when it drops, and
 * keeps trying while PostgreSQL is away (a failed reconnect is retried too). A dropped
 * connection is let go, not ended: ending one whose socket already closed can wait for ever.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onState: (connected: boolean, roundTripHere?: RoundTripHere) => void = () => {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async (first: boolean): Promise<void> => {
    // Keep-alive: a connection dropped silently (a NAT's idle timeout) errors out in the end,
    // and is then made again, instead of staying up and deaf.
    const next = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let gone = false;
    const fail = () => {
      if (gone) return;
      gone = true;
      if (client === next) {
        client = undefined;
        onState(false);
      }
      if (!stopped) setTimeout(() => void connect(false), RELISTEN_MS).unref();
    };
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', fail);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      if (first) throw error;
      fail();
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    onState(true, async () => {
      // Named: parsed and planned once per connection. No transaction id, no notification sent,
      // and no row: only the round trip matters, and a row is an object per fence to collect.
      await next.query({ name: 'giro_fence', text: 'select where false' });
    });
  };
  await connect(true);
  return async () => {
    stopped = true;
    const live = client;
    client = undefined;
    if (live) onState(false);
    // Bounded: a connection that dies as it is ended must not hold the shutdown.
    if (live)
      await Promise.race([
        live.end().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 2000).unref()),
      ]);
  };
}
