import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, Tx } from './client';
import { driverClient, namedStatement, runNamed } from './named-statement';
import { type NamedStep, runPipeline, step } from './statement-pipeline';

const begin = namedStatement('giro_begin', 'begin');
const commit = namedStatement('giro_commit', 'commit');

/**
 * Statements the work leaves to be sent with the transaction's `commit`, in its round trip: they
 * run after everything the work ran itself, and their failure (a duplicate key, say) fails the
 * transaction as the work's own would.
 */
export type SendWithCommit = (...steps: NamedStep[]) => void;

/**
 * A transaction whose first statements are sent with its `begin`, and whose last with its
 * `commit`, each in one round trip on PostgreSQL (db/statement-pipeline.ts): a member's fund
 * command opens with the fund's lock and the read after it, and closes with its one write (ADR
 * 0033). `work` gets the opening's rows, in order, a Drizzle transaction on the same connection,
 * with savepoints for nested transactions as Drizzle's own, and `sendWithCommit`. It commits
 * when `work` returns and rolls back when it, or a statement sent with the commit, throws.
 * On PGlite, in this process, the statements simply run in Drizzle's transaction.
 */
export async function transactionOpenedWith<T>(
  db: Db,
  opening: readonly NamedStep[],
  work: (tx: Tx, opened: unknown[][], sendWithCommit: SendWithCommit) => Promise<T>,
): Promise<T> {
  const closing: NamedStep[] = [];
  const sendWithCommit: SendWithCommit = (...steps) => {
    closing.push(...steps);
  };
  const client = driverClient(db);
  if (!(client instanceof pg.Pool))
    return db.transaction(async (tx) => {
      const opened: unknown[][] = [];
      for (const { statement, values } of opening) opened.push(await runNamed(tx, statement, values));
      const result = await work(tx, opened, sendWithCommit);
      for (const { statement, values } of closing) await runNamed(tx, statement, values);
      return result;
    });

  const connection = await client.connect();
  // Drizzle's own transaction, as `db.transaction` makes it, on the connection held here.
  const { dialect } = db as unknown as { dialect: ConstructorParameters<typeof NodePgSession>[1] };
  const session = new NodePgSession(connection, dialect, undefined);
  const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Tx;
  let broken: Error | undefined;
  try {
    const [, ...opened] = await runPipeline(connection, [step(begin, []), ...opening]);
    const result = await work(tx, opened, sendWithCommit);
    // A failed statement makes PostgreSQL skip the rest up to the pipeline's end, the commit
    // with it: the transaction is then rolled back below, as after any failure.
    await runPipeline(connection, [...closing, step(commit, [])]);
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
