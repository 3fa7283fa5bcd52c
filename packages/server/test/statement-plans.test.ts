import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
// Every statement the app runs is defined by a module the app imports.
import '../src/app';
import '../src/compose';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/insights/rows';
import { definedStatements } from '../src/db/named-statement';
import { openTestDatabase } from './support/test-database';

/**
 * The hot statements (db/named-statement.ts) find their rows by key, whatever the tables hold.
 * Each is planned as PostgreSQL plans it for every call (the generic plan, parameters unknown)
 * with sequential scans priced out: a scan left in the plan is one no index can replace, and
 * it reads a table that grows with the members on every fund command. An `or` of two `in`
 * lists did that to the payout accounts; a test on a few rows cannot see it, a million
 * members would.
 */
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** The number of parameters a statement's text takes ($1 … $n). */
const parameterCount = (text: string) =>
  Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));

describe('the named statements', () => {
  it('read every table through an index, never by a scan of it', async () => {
    database = await openTestDatabase();
    const statements = definedStatements().filter(
      (statement) => !/^\s*(begin|commit)\s*$/i.test(statement.text),
    );
    expect(statements.map((statement) => statement.name)).toEqual(
      expect.arrayContaining(['fund_change_save', 'fund_command_context', 'notifications_delete']),
    );
    const scans = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const found: string[] = [];
      for (const [index, statement] of statements.entries()) {
        const name = `plan_probe_${index}`;
        await tx.execute(sql.raw(`prepare ${name} as ${statement.text}`));
        const nulls = Array.from({ length: parameterCount(statement.text) }, () => 'null').join(', ');
        const plan = await rowsOf<{ 'QUERY PLAN': string }>(
          tx,
          sql.raw(`explain execute ${name}${nulls ? `(${nulls})` : ''}`),
        );
        await tx.execute(sql.raw(`deallocate ${name}`));
        for (const line of plan)
          for (const scan of line['QUERY PLAN'].matchAll(/Seq Scan on (\w+)/g))
            found.push(`${statement.name}: ${scan[1]}`);
      }
      return found;
    });
    expect(scans).toEqual([]);
  });
});
