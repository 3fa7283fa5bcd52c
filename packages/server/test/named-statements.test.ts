import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { namedStatement, runNamed } from '../src/db/named-statement';
import { openTestDatabase } from './support/test-database';

/**
 * The named statements of the hot fund commands (db/named-statement.ts) run on the caller's
 * connection: inside a transaction they are part of it, whatever connection of the pool the
 * transaction has, and their rows read the same on PGlite and PostgreSQL.
 */
const insert = namedStatement('test_named_insert', 'insert into named_probe (v) values ($1::int)');
const count = namedStatement<{ n: number }>('test_named_count', 'select count(*)::int as n from named_probe');
const shapes = namedStatement<{ i: number; t: string; b: boolean; j: { a: number[] }; none: null }>(
  'test_named_shapes',
  `select $1::int as i, $2::text as t, $1::int > 0 as b, json_build_object('a', $3::int[]) as j, null as none`,
);

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function probe() {
  database = await openTestDatabase();
  await database.db.execute(sql`create table named_probe (v int not null)`);
  return database.db;
}

describe('named statements', () => {
  it('are part of the transaction they run in: undone with it, kept when it commits', async () => {
    const db = await probe();
    await expect(
      db.transaction(async (tx) => {
        await runNamed(tx, insert, [1]);
        expect((await runNamed(tx, count, []))[0]!.n).toBe(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await runNamed(db, count, []))[0]!.n).toBe(0);

    await db.transaction(async (tx) => {
      await runNamed(tx, insert, [1]);
      await runNamed(tx, insert, [2]);
    });
    expect((await runNamed(db, count, []))[0]!.n).toBe(2);
  });

  it('serve every connection of the pool at once, each preparing its own', async () => {
    const db = await probe();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction(async (tx) => {
          await runNamed(tx, insert, [i]);
        }),
      ),
    );
    expect((await runNamed(db, count, []))[0]!.n).toBe(12);
  });

  it('read numbers, text, booleans, json and nulls alike on both engines', async () => {
    const db = await probe();
    const [row] = await runNamed(db, shapes, [7, 'sette', [1, 2]]);
    expect(row).toEqual({ i: 7, t: 'sette', b: true, j: { a: [1, 2] }, none: null });
  });

  it('take one text per name: a connection would keep the first one it prepared', () => {
    expect(namedStatement('test_named_insert', 'insert into named_probe (v) values ($1::int)')).toEqual(
      insert,
    );
    expect(() => namedStatement('test_named_insert', 'delete from named_probe')).toThrow(
      'two statements are named test_named_insert',
    );
  });
});
