import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, Tx } from './client';
import { driverClient, namedStatement, runNamed } from './named-statement';
import { type NamedStep, runPipeline, step } from './statement-pipeline';

const begin = namedStatement('giro_begin', 'begin');

/**
 * A transaction whose first statements are sent with its `begin`, in one round trip on
 * PostgreSQL (db/statement-pipeline.ts): a member's fund command opens with the fund's lock and
 * the read after it, three round trips until stop 37 (ADR 0033). `work` gets their rows, in
 * order, and a Drizzle transaction on the same connection, with savepoints for nested
 * transactions as Drizzle's own; it commits when `work` returns and rolls back when it throws.
 * On PGlite, in this process, the statements simply run in Drizzle's transaction.
 */
export async function transactionOpenedWith<T>(
  db: Db,
  opening: readonly NamedStep[],
  work: (tx: Tx, opened: unknown[][]) => Promise<T>,
): Promise<T> {
  const client = driverClient(db);
  if (!(client instanceof pg.Pool))
    return db.transaction(async (tx) => {
      const opened: unknown[][] = [];
      for (const { statement, values } of opening) opened.push(await runNamed(tx, statement, values));
      return work(tx, opened);
    });

  const connection = await client.connect();
  // Drizzle's own transaction, as `db.transaction` makes it, on the connection held here.
  const { dialect } = db as unknown as { dialect: ConstructorParameters<typeof NodePgSession>[1] };
  const session = new NodePgSession(connection, dialect, undefined);
  const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Tx;
  let broken: Error | undefined;
  try {
    const [, ...opened] = await runPipeline(connection, [step(begin, []), ...opening]);
    const result = await work(tx, opened);
    await connection.query('commit');
    return result;
  } catch (error) {
    // Also after a failed `begin` or `commit`: outside a transaction ROLLBACK only warns. A
    // connection that cannot even roll back is not given back to the pool.
    await connection.query('rollback').catch((failure: Error) => {
      broken = failure;
    });
    throw error;
  } finally {
    connection.release(broken);
  }
}
