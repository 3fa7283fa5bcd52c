import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database, Db, DbOrTx } from '../src/db/client';
import { namedStatement, runNamed } from '../src/db/named-statement';
import { transactionOpenedWith } from '../src/db/opened-transaction';
import { step } from '../src/db/statement-pipeline';
import { openTestDatabase } from './support/test-database';

/**
 * A transaction opened with its first statements and closed with its last (db/opened-transaction.ts):
 * on PostgreSQL they go with its `begin` and its `commit` in one round trip each, once the
 * connection has prepared them, and must behave exactly as if sent one by one; on PGlite they
 * run in Drizzle's transaction.
 */
const lock = namedStatement<{ id: number }>(
  'test_open_lock',
  'select id from lock_probe where id = $1::int for update',
);
const seen = namedStatement<{ v: number[] | null }>(
  'test_open_seen',
  'select array_agg(v order by v) as v from seen_probe',
);
const insert = namedStatement('test_open_insert', 'insert into seen_probe (v) values ($1::int)');
const fail = namedStatement('test_open_fail', 'select 1 / $1::int as x');
const unique = namedStatement('test_open_unique', 'insert into unique_probe (k) values ($1::int)');

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function probe(): Promise<Db> {
  database = await openTestDatabase();
  await database.db.execute(sql`create table lock_probe (id int primary key)`);
  await database.db.execute(sql`create table seen_probe (v int not null)`);
  await database.db.execute(sql`create table unique_probe (k int primary key)`);
  await database.db.execute(sql`insert into lock_probe values (1)`);
  return database.db;
}

const seenNow = async (db: DbOrTx) => (await runNamed(db, seen, []))[0]!.v ?? [];

/** Every connection of the test pool (4) prepares the statements: later openings are pipelined. */
async function warm(db: Db) {
  let started = 0;
  let release = () => {};
  const all = new Promise<void>((resolve) => {
    release = resolve;
  });
  await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      // A lock on no row: the four hold their transactions open together.
      transactionOpenedWith(
        db,
        [step(seen, []), step(fail, [1]), step(lock, [0]), step(insert, [0])],
        async (_tx, _opened, sendWithCommit) => {
          sendWithCommit(step(insert, [0]), step(unique, [-i]));
          if (++started === 4) release();
          // On PGlite the transactions take turns: nothing to wait for.
          if (database?.kind === 'postgres') await all;
        },
      ),
    ),
  );
  await db.execute(sql`delete from seen_probe`);
  await db.execute(sql`delete from unique_probe`);
}

describe('a transaction opened with its first statements', () => {
  it('answers them in order, commits what it wrote, and a throw undoes all of it, the opening included', async () => {
    const db = await probe();
    await warm(db);
    for (let i = 1; i <= 8; i++) {
      const rows = await transactionOpenedWith(
        db,
        [step(lock, [1]), step(insert, [i]), step(seen, [])],
        async (tx, opened) => {
          await runNamed(tx, insert, [100 + i]);
          return opened;
        },
      );
      expect(rows[0]).toEqual([{ id: 1 }]);
      expect(rows[1]).toEqual([]);
      // The read saw the opening's own insert, and not yet what the work wrote after it.
      const { v } = rows[2]![0] as { v: number[] };
      expect(v).toContain(i);
      expect(v).not.toContain(100 + i);
      expect(v).toHaveLength(2 * i - 1);
    }
    expect(await seenNow(db)).toHaveLength(16);

    await expect(
      transactionOpenedWith(db, [step(lock, [1]), step(insert, [50])], async (tx) => {
        await runNamed(tx, insert, [51]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await seenNow(db)).not.toContain(50);
    expect(await seenNow(db)).not.toContain(51);
  });

  it('fails as a whole when one of its statements fails, and the connection serves the next one', async () => {
    const db = await probe();
    await warm(db);
    for (let i = 0; i < 6; i++) {
      let ran = false;
      await expect(
        transactionOpenedWith(db, [step(insert, [7]), step(fail, [0]), step(insert, [8])], async () => {
          ran = true;
        }),
      ).rejects.toThrow(/division by zero/);
      expect(ran).toBe(false);
    }
    expect(await seenNow(db)).toEqual([]);
    const [[row]] = (await transactionOpenedWith(db, [step(fail, [2])], async (_tx, opened) => opened)) as [
      [{ x: number }],
    ];
    expect(row.x).toBe(0);
  });

  it("reads after its lock what the lock's holder committed while it waited", async () => {
    const db = await probe();
    await warm(db);
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const holder = db.transaction(async (tx) => {
      await runNamed(tx, lock, [1]);
      await runNamed(tx, insert, [42]);
      holding();
      await gate;
    });
    await held;
    const waiter = transactionOpenedWith(
      db,
      [step(lock, [1]), step(seen, [])],
      async (_tx, [, read]) => read,
    );
    // Long enough for the waiter's pipeline to reach PostgreSQL and queue behind the lock.
    await new Promise((resolve) => setTimeout(resolve, 200));
    letGo();
    await holder;
    expect(await waiter).toEqual([{ v: [42] }]);
  });

  it('sends the statements left for the commit after the work, and their failure undoes the whole', async () => {
    const db = await probe();
    await warm(db);
    for (let i = 1; i <= 6; i++) {
      const seenBefore = await transactionOpenedWith(
        db,
        [step(lock, [1])],
        async (tx, _opened, sendWithCommit) => {
          sendWithCommit(step(insert, [10 * i + 1]), step(unique, [i]));
          await runNamed(tx, insert, [10 * i]);
          return seenNow(tx);
        },
      );
      // Nothing sent with the commit had run while the work ran.
      expect(seenBefore).not.toContain(10 * i + 1);
    }
    expect(await seenNow(db)).toHaveLength(12);
    for (let i = 1; i <= 6; i++) {
      await expect(
        transactionOpenedWith(
          db,
          [step(lock, [1]), step(insert, [500 + i])],
          async (tx, _opened, sendWithCommit) => {
            await runNamed(tx, insert, [600 + i]);
            sendWithCommit(step(insert, [700 + i]), step(unique, [i]), step(insert, [800 + i]));
          },
        ),
      ).rejects.toThrow(/duplicate key/);
    }
    const after = await seenNow(db);
    expect(after).toHaveLength(12);
    expect(after.every((v) => v < 100)).toBe(true);
    // Every connection that failed serves again.
    for (let i = 1; i <= 6; i++)
      await transactionOpenedWith(db, [step(insert, [900 + i])], async (_tx, _opened, sendWithCommit) => {
        sendWithCommit(step(unique, [100 + i]));
      });
    expect(await seenNow(db)).toHaveLength(18);
  });

  it('gives the work a transaction whose nested transactions are savepoints', async () => {
    const db = await probe();
    await warm(db);
    await transactionOpenedWith(db, [step(insert, [1])], async (tx) => {
      await expect(
        tx.transaction(async (sp) => {
          await runNamed(sp, insert, [2]);
          throw new Error('only the savepoint');
        }),
      ).rejects.toThrow('only the savepoint');
      await tx.transaction(async (sp) => {
        await runNamed(sp, insert, [3]);
      });
    });
    expect(await seenNow(db)).toEqual([1, 3]);
  });
});
