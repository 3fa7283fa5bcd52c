import pg from 'pg';
import type { DbOrTx } from './client';

/**
 * A fixed SQL text run as a named prepared statement: PostgreSQL parses and plans it once per
 * connection, and nothing is built per call. Only for the few statements every fund command
 * runs, or the outbox's delivery after it (issue 15): there, Drizzle's query building and
 * PostgreSQL's parse and plan of each statement were most of a contribution's cost
 * (`npm run bench:statements`). Drizzle's own `.prepare()` cannot serve: a statement prepared
 * on the database is bound to the pool, not to the transaction's connection, so it would run
 * outside the transaction.
 *
 * The text names its columns and casts its parameters itself. Rows come back as the driver
 * parses them; statements here return only text, numbers, booleans and json, which both
 * drivers read alike (timestamps, which they do not, are returned as epoch milliseconds).
 */
export interface NamedStatement<Row> {
  readonly name: string;
  readonly text: string;
  /** Phantom: the row type the text returns. */
  readonly row?: Row;
}

/** The row type a statement's text returns. */
export type RowOf<S> = S extends NamedStatement<infer Row> ? Row : never;

/** Every statement defined, by name: their plans are checked (test/statement-plans.test.ts). */
const defined = new Map<string, NamedStatement<unknown>>();

export function namedStatement<Row = never>(name: string, text: string): NamedStatement<Row> {
  // One name, one text: a connection keeps the first text it prepared under a name.
  const known = defined.get(name);
  if (known && known.text !== text) throw new Error(`two statements are named ${name}`);
  const statement = { name, text };
  defined.set(name, statement);
  return statement;
}

/** The statements the loaded modules define. */
export function definedStatements(): NamedStatement<unknown>[] {
  return [...defined.values()];
}

export interface PgliteQueryable {
  query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

/** The driver's client Drizzle keeps on its session: the pool, a transaction's connection, or PGlite. */
export function driverClient(db: DbOrTx): pg.Pool | pg.ClientBase | PgliteQueryable {
  return (db as unknown as { session: { client: pg.Pool | pg.ClientBase | PgliteQueryable } }).session.client;
}

/** Runs the statement on a node-postgres pool or connection, which prepares it once per connection. */
export async function queryNamed<Row>(
  client: pg.Pool | pg.ClientBase,
  statement: NamedStatement<Row>,
  values: readonly unknown[],
): Promise<Row[]> {
  const result = await client.query<Row & pg.QueryResultRow>({
    name: statement.name,
    text: statement.text,
    values: [...values],
  });
  return result.rows;
}

/** Runs the statement on the connection of `db` (the transaction's own, inside one). */
export async function runNamed<Row>(
  db: DbOrTx,
  statement: NamedStatement<Row>,
  values: readonly unknown[],
): Promise<Row[]> {
  const client = driverClient(db);
  if (client instanceof pg.Pool || client instanceof pg.Client) return queryNamed(client, statement, values);
  // PGlite runs in this process: there is no connection to keep a statement on.
  return (await (client as PgliteQueryable).query<Row>(statement.text, [...values])).rows;
}
