import { type SQL, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../src/db/client';
import { rowsOf } from '../src/db/insights/rows';
import { openTestDatabase } from './support/test-database';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const FUNDS = 24;

/**
 * FUNDS organizations with a fund each, whose state is `state`, then every fund's state written
 * again (one update each), in the caller's transaction.
 */
async function writeFundsTwice(tx: DbOrTx, codePrefix: string, state: SQL): Promise<void> {
  await tx.execute(sql`
    insert into organizations (name, type, invite_code)
    select 'family ' || g, 'family', ${codePrefix} || g from generate_series(1, ${FUNDS}) g`);
  await tx.execute(sql`
    insert into funds (organization_id, state)
    select id, ${state} from organizations where invite_code like ${codePrefix} || '%'`);
  await tx.execute(sql`update funds set state = ${state}, version = version + 1`);
}

/** About 1.8 KB of random text: a state of a fund's size that does not compress. */
const paddedState = sql`jsonb_build_object('pad', (select string_agg(md5(random()::text || g), '')
  from generate_series(1, 55) g))`;

/**
 * Every fund command rewrites its fund's row. Migration 0025 leaves room on each page for the
 * new version, so the update is HOT: no new entry in any of the table's four indexes, and no page
 * added. Rows of a fund's real size (about 1.8 KB in line; random text, which does not compress),
 * each updated once in one transaction: nothing can be pruned meanwhile, so only the room the
 * pages were left with counts. Full pages (fillfactor 100) hold four such rows and take none of
 * their new versions.
 */
describe('the funds table', () => {
  it('keeps room for a fund row’s next version on its page: the update is HOT', async () => {
    database = await openTestDatabase();
    const hot = await database.db.transaction(async (tx) => {
      await writeFundsTwice(tx, 'hot-', paddedState);
      const [row] = await rowsOf<{ updated: number; hot: number }>(
        tx,
        sql`select pg_stat_get_xact_tuples_updated('funds'::regclass)::int as updated,
          pg_stat_get_xact_tuples_hot_updated('funds'::regclass)::int as hot`,
      );
      return row!;
    });
    expect(hot).toEqual({ updated: FUNDS, hot: FUNDS });
  });
});

/**
 * The documents every command writes are compressed with lz4 where the engine has it (migration
 * 0026): on PostgreSQL each of the six columns is set to lz4 ('l' in the catalog), and a fund's
 * state written after the migration reads back as lz4; PGlite is built without lz4 and keeps its
 * default, pglz. A state of 4 KB that compresses, as a real one does.
 */
const DOCUMENTS = [
  'funds.state',
  'fund_events.payload',
  'request_states.state',
  'request_events.payload',
  'idempotency_keys.response',
  'outbox.payload',
];
describe('the JSON documents commands write', () => {
  it('are compressed with lz4 on PostgreSQL, with pglz on PGlite', async () => {
    database = await openTestDatabase();
    const compression = await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into organizations (name, type, invite_code) values ('lz4', 'family', 'lz4-1')`,
      );
      await tx.execute(sql`
        insert into funds (organization_id, state)
        select id, jsonb_build_object('pad', repeat('giro ', 800)) from organizations where invite_code = 'lz4-1'`);
      return rowsOf<{ method: string }>(
        tx,
        sql`select pg_column_compression(state) as method from funds f join organizations o
          on o.id = f.organization_id where o.invite_code = 'lz4-1'`,
      );
    });
    const lz4 = database.kind === 'postgres';
    expect(compression).toEqual([{ method: lz4 ? 'lz4' : 'pglz' }]);
    const columns = await rowsOf<{ column: string; method: string }>(
      database.db,
      sql`select attrelid::regclass::text || '.' || attname as column, attcompression::text as method
        from pg_attribute where attrelid::regclass::text || '.' || attname in ${DOCUMENTS}`,
    );
    expect(Object.fromEntries(columns.map((c) => [c.column, c.method]))).toEqual(
      Object.fromEntries(DOCUMENTS.map((column) => [column, lz4 ? 'l' : ''])),
    );
  });
});

/**
 * A fund's state compressed is about 1.9 KB, with the row's other columns just over the 2 KB
 * PostgreSQL aims a row at; migration 0027 aims the funds' rows at 4 KB, so the state stays in
 * the row and an update writes no TOAST row (before it, every update wrote one and deleted the
 * last). Rows of about 2.3 KB of random text, which neither pglz nor lz4 compresses, inserted
 * and updated: the funds' TOAST table stays empty.
 */
describe('a fund’s state', () => {
  it('stays in its row up to about 4 KB, and an update writes nothing out of line', async () => {
    database = await openTestDatabase();
    const bigState = sql`jsonb_build_object('pad', (select string_agg(md5(random()::text || g), '')
      from generate_series(1, 70) g))`;
    const [row] = await database.db.transaction(async (tx) => {
      await writeFundsTwice(tx, 'inline-', bigState);
      return rowsOf<{ smallest: number; toast: number }>(
        tx,
        sql`select (select min(pg_column_size(state)) from funds)::int as smallest,
          pg_relation_size((select reltoastrelid from pg_class where oid = 'funds'::regclass))::int as toast`,
      );
    });
    expect(row!.smallest).toBeGreaterThan(2200);
    expect(row!.toast).toBe(0);
  });
});
