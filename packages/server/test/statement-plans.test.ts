import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
// Every statement the app runs is defined by a module the app imports.
import '../src/app';
import '../src/compose';
import type { Database, DbOrTx } from '../src/db/client';
import { rowsOf } from '../src/db/insights/rows';
import { definedStatements, type NamedStatement } from '../src/db/named-statement';
import { notificationListQuery } from '../src/db/notification.repository';
import { snapshotQuery } from '../src/db/organization-snapshot.queries';
import { openTestDatabase } from './support/test-database';

/**
 * The hot statements (db/named-statement.ts) find their rows by key, whatever the tables hold.
 * Each is planned as PostgreSQL plans it for every call (the generic plan, parameters unknown)
 * with sequential scans priced out. A scan left in such a plan is one no index can replace: it
 * reads a table that grows with the members on every fund command. An `or` of two `in` lists
 * did that to the payout accounts; a test on a few rows cannot see it, a million members would.
 * What this cannot see is a scan PostgreSQL would choose over an index it has, from its
 * estimates: that is why the closed calls' delete and the organizations' sequences, parts of the
 * fund changes' statement, have tests of their own below.
 */
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** The number of parameters a statement's text takes ($1 … $n). */
const parameterCount = (text: string) =>
  Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));

const hot = () => definedStatements().filter((statement) => !/^\s*(begin|commit)\s*$/i.test(statement.text));

/** The generic plan of each statement, with sequential scans priced out, as text. */
async function plansOf(db: DbOrTx, statements: NamedStatement<unknown>[]): Promise<Map<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const plans = new Map<string, string>();
    for (const [index, statement] of statements.entries()) {
      const name = `plan_probe_${index}`;
      await tx.execute(sql.raw(`prepare ${name} as ${statement.text}`));
      const nulls = Array.from({ length: parameterCount(statement.text) }, () => 'null').join(', ');
      const lines = await rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain execute ${name}${nulls ? `(${nulls})` : ''}`),
      );
      await tx.execute(sql.raw(`deallocate ${name}`));
      plans.set(statement.name, lines.map((line) => line['QUERY PLAN']).join('\n'));
    }
    return plans;
  });
}

describe('the named statements', () => {
  it('read every table through an index, never by a scan of it', async () => {
    database = await openTestDatabase();
    const statements = hot();
    expect(statements.map((statement) => statement.name).sort()).toEqual([
      'fund_changes_save',
      'fund_command_context',
      'fund_lock',
      'idempotency_answer_save',
      'outbox_announce',
      'outbox_announced_rows',
      'outbox_claim',
      'outbox_handled',
      'outbox_next_due',
      'payment_preference_remember',
      'realtime_enqueue',
      'realtime_enqueue_one',
    ]);
    const plans = await plansOf(database.db, statements);
    const scans = [...plans].flatMap(([name, plan]) =>
      [...plan.matchAll(/Seq Scan on (\w+)/g)].map((scan) => `${name}: ${scan[1]}`),
    );
    expect(scans).toEqual([]);
    // Generic plans indeed: the parameters stay unknown, not folded in as the nulls given.
    expect(plans.get('fund_lock')).toMatch(/Index Cond: \(organization_id = ANY \(\$1\)\)/);
  });

  it('close the calls to act by one index lookup of all their ids', async () => {
    database = await openTestDatabase();
    const plans = await plansOf(
      database.db,
      hot().filter((statement) => statement.name === 'fund_changes_save'),
    );
    expect(plans.get('fund_changes_save')).toMatch(/Index Cond: \(id = ANY \(/);
  });

  it('move the organizations’ socket sequences by one index lookup of their ids, not a join', async () => {
    database = await openTestDatabase();
    const names = ['fund_changes_save', 'realtime_enqueue'];
    const plans = await plansOf(
      database.db,
      hot().filter((statement) => names.includes(statement.name)),
    );
    // Joined to the events instead, the update was planned as a hash join over every organization,
    // which pricing sequential scans out (the first test) turns into a join on the index.
    for (const name of names)
      expect(plans.get(name)).toMatch(
        /Scan (using|on) organizations_pkey[^\n]*\n[^\n]*Index Cond: \(id = ANY \(/,
      );
  });

  it("sum the snapshot's member totals and the caller's own through the ledger's members' indexes", async () => {
    database = await openTestDatabase();
    const { sql: text } = snapshotQuery(database.db).toSQL();
    const plans = await plansOf(database.db, [
      { name: 'organization_snapshot', text } as NamedStatement<unknown>,
    ]);
    // The organization's entries and the caller's, each found by an index that holds all its
    // sum reads (ADR 0043), so PostgreSQL can answer from the index alone where its visibility
    // map allows (an empty test database has none: a plan here may fetch the rows). Without the
    // index's predicate in the query, it was the organizations' index and every entry fetched.
    const plan = plans.get('organization_snapshot');
    expect(plan).toMatch(
      /(using|on) ledger_entries_member_totals_idx[^\n]*\n\s*Index Cond: \(organization_id = organizations\.id\)/,
    );
    // Its sums, not the repayments' lookup below it, which reads the same index for one account.
    expect(plan).toMatch(
      /(using|on) ledger_entries_user_totals_idx[^\n]*\n\s*Index Cond: \(\(user_id = \$\d+\) AND \(account = ANY/,
    );
    // The repayments between members taken off (ADR 0058): the family's few, by their own index.
    expect(plan).toMatch(
      /(using|on) ledger_transactions_repayments_idx[^\n]*\n\s*Index Cond: \(organization_id = organizations\.id\)/,
    );
  });

  it("count a member's unread notifications through the index of the unread ones", async () => {
    database = await openTestDatabase();
    const { sql: text } = notificationListQuery(database.db).toSQL();
    const plans = await plansOf(database.db, [
      { name: 'notification_list', text } as NamedStatement<unknown>,
    ]);
    // Through the member's index of every notification, each read from the table to see whether
    // it was read, the count grew with all a member ever had (ADR 0044).
    expect(plans.get('notification_list')).toMatch(
      /(using|on) notifications_unread_idx[^\n]*\n\s*Index Cond: \(user_id = /,
    );
  });
});
