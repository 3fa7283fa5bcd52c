import pg from 'pg';
import { postgresUrl } from './database';
import { median, microsEachAsync } from './report';

/**
 * A scratch table storing JSON documents as Giro stores a state (lz4 where PostgreSQL has it,
 * rows aimed at 4 KB, migration 0026), and the median µs of a round trip of the locked read of
 * one of its rows (begin, `select … for update`, commit), alternating blocks with the same read
 * of a row holding `{}`: the floor the state's own cost is a ratio to. On a connection of its own
 * to the benches' PostgreSQL, closed by `end()`.
 */
export async function lockedReads(table: string, reads: number, blocks: number) {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  await client.query(
    `create temp table ${table} (id int primary key, state jsonb not null) with (toast_tuple_target = 4080)`,
  );
  // PostgreSQL built without lz4 keeps pglz.
  await client.query(`alter table ${table} alter column state set compression lz4`).catch(() => undefined);
  await client.query(`insert into ${table} values (0, '{}')`);
  let next = 1;
  const read = (row: number) =>
    microsEachAsync(reads, async () => {
      await client.query('begin');
      await client.query({
        name: `${table}_lock`,
        text: `select state from ${table} where id = $1 for update`,
        values: [row],
      });
      await client.query('commit');
    });
  /** Stores the document and reads it under its lock: its median µs and the `{}` row's. */
  const lockedRead = async (text: string): Promise<{ micros: number; floor: number }> => {
    const id = next++;
    await client.query(`insert into ${table} values ($1, $2)`, [id, text]);
    await read(id);
    await read(0);
    const micros: number[] = [];
    const floor: number[] = [];
    for (let b = 0; b < blocks; b++) {
      micros.push(await read(id));
      floor.push(await read(0));
    }
    return { micros: median(micros), floor: median(floor) };
  };
  return { lockedRead, end: () => client.end() };
}
