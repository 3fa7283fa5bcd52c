import { createRequire } from 'node:module';
import pg from 'pg';
import { type NamedStatement, queryNamed } from './named-statement';

/**
 * Several named statements sent in one write and answered in one round trip (issue 15, ADR
 * 0033): PostgreSQL's extended protocol runs the statements before a Sync one after the other,
 * each with its own snapshot, so a pipeline of `begin`, a `FOR UPDATE` and a read is the same
 * transaction as three round trips, with one system call and one wake-up on each side instead
 * of three. node-postgres waits for each query's answer before it sends the next, so this is a
 * `Submittable` of its own, the way `pg-cursor` is one: it writes Bind, Describe and Execute for
 * each statement and one Sync, and collects each statement's rows.
 *
 * Only statements this connection has already prepared are pipelined: a Parse's answer is
 * tracked by node-postgres per query, and a pipeline is not one. The first time on a
 * connection, the statements are run one by one (which prepares them), as on PGlite.
 */
export interface NamedStep<Row = unknown> {
  statement: NamedStatement<Row>;
  values: readonly unknown[];
}

export const step = <Row>(statement: NamedStatement<Row>, values: readonly unknown[]): NamedStep<Row> => ({
  statement,
  values,
});

/** What node-postgres keeps per connection, and the messages a pipeline writes (not in @types/pg). */
interface Wire {
  parsedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  bind(config: { statement: string; values: unknown[] }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
}
interface Field {
  name: string;
  dataTypeID: number;
}

/** Runs the steps on the client's connection, in order; their rows, in the same order. */
export async function runPipeline(client: pg.ClientBase, steps: readonly NamedStep[]): Promise<unknown[][]> {
  const wire = (client as unknown as { connection: Wire }).connection;
  if (!steps.every(({ statement }) => wire.parsedStatements[statement.name] === statement.text)) {
    const results: unknown[][] = [];
    for (const { statement, values } of steps) results.push(await queryNamed(client, statement, values));
    return results;
  }
  return new Promise((resolve, reject) => {
    client.query(new Pipeline(steps, resolve, reject) as unknown as pg.QueryConfig);
  });
}

class Pipeline {
  private readonly results: unknown[][] = [];
  private fields: Field[] | undefined;
  private rows: Record<string, unknown>[] = [];
  private settled = false;

  constructor(
    private readonly steps: readonly NamedStep[],
    private readonly resolve: (results: unknown[][]) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  submit(wire: Wire): Error | null {
    let bound: unknown[][];
    try {
      // As node-postgres binds values (dates, arrays, objects as JSON), before anything is sent.
      bound = this.steps.map(({ values }) => values.map((value) => prepareValue(value)));
    } catch (error) {
      return error as Error;
    }
    wire.stream.cork?.();
    try {
      this.steps.forEach(({ statement }, i) => {
        wire.bind({ statement: statement.name, values: bound[i]! });
        wire.describe({ type: 'P', name: '' });
        wire.execute({ portal: '', rows: 0 });
      });
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: Field[] }): void {
    this.fields = message.fields;
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const row: Record<string, unknown> = {};
    this.fields!.forEach((field, i) => {
      const text = message.fields[i];
      row[field.name] =
        text === null || text === undefined ? null : pg.types.getTypeParser(field.dataTypeID, 'text')(text);
    });
    this.rows.push(row);
  }

  handleCommandComplete(): void {
    this.results.push(this.rows);
    this.rows = [];
    this.fields = undefined;
  }

  handleEmptyQuery(): void {
    this.handleCommandComplete();
  }

  /** A statement failed (PostgreSQL skips the rest until the Sync), or the connection did. */
  handleError(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.results);
  }

  handlePortalSuspended(): void {}
  handleCopyInResponse(wire: { sendCopyFail(message: string): void }): void {
    wire.sendCopyFail('not in a pipeline');
  }
  handleCopyData(): void {}
}

/** node-postgres's own mapping of a parameter value (pg/lib/utils.js, not in its types). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};
