/**
 * What an organization's age costs its snapshot (ADR 0043): the one statement behind the
 * dashboard, the fund and requests views and the resync (db/organization-snapshot.queries.ts),
 * read from PostgreSQL as the organization's ledger grows. Fifty families of six book a year of
 * monthly rounds at a time (each round five contributions and a payout: 13 entries), their
 * entries interleaved as a shared database holds them, vacuumed as autovacuum would (its
 * visibility map lets PostgreSQL answer from an index alone); at 0, 1, 3, 5 and 10 years the
 * snapshot of the first is read as a prepared statement, and the same statement as the code
 * before wrote it (its member totals without the index's predicate, so from the organization's
 * index and the table), alternating, median of 7 blocks.
 * Run: npm run bench:snapshot-age   (options: --reads 300)
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Placeholder, sql } from 'drizzle-orm';
import type pg from 'pg';
import { snapshotQuery } from '../packages/server/src/db/organization-snapshot.queries';
import { AgeTable, fiftyFamilies } from './support/age-table';
import { microsEachAsync } from './support/report';

const { values: options } = parseArgs({ options: { reads: { type: 'string', default: '300' } } });
const READS = Number(options.reads);
const YEARS = [0, 1, 3, 5, 10];
const ROUNDS_A_YEAR = 12;

const { database, db, organizations } = await fiftyFamilies();
const family = organizations[0]!;
const member = family.members[1]!.id;

/** A year of rounds for every family, each round one statement per table (the trigger counts it). */
async function bookYear(): Promise<void> {
  for (let r = 0; r < ROUNDS_A_YEAR; r++) {
    const transactions: string[] = [];
    const entries: string[] = [];
    for (const org of organizations) {
      const escrow = `round-escrow:${randomUUID()}`;
      const [recipient, ...payers] = org.members;
      for (const payer of payers) {
        const id = randomUUID();
        transactions.push(`('${id}', '${org.id}', 'contribution', '${id}')`);
        entries.push(
          `('${id}', '${org.id}', 'funding:${payer.id}', '${payer.id}', -5000)`,
          `('${id}', '${org.id}', '${escrow}', null, 5000)`,
        );
      }
      const id = randomUUID();
      transactions.push(`('${id}', '${org.id}', 'payout', '${id}')`);
      entries.push(
        `('${id}', '${org.id}', '${escrow}', null, -25000)`,
        `('${id}', '${org.id}', 'payout:${recipient!.id}', '${recipient!.id}', 24250)`,
        `('${id}', '${org.id}', 'platform-fees', null, 750)`,
      );
    }
    await db.execute(
      sql.raw(
        `insert into ledger_transactions (id, organization_id, kind, idempotency_key) values ${transactions.join(',')}`,
      ),
    );
    await db.execute(
      sql.raw(
        `insert into ledger_entries (transaction_id, organization_id, account, user_id, amount_cents) values ${entries.join(',')}`,
      ),
    );
  }
  await db.execute(sql`vacuum analyze ledger_entries`);
}

/** The snapshot's statement, and as the code before wrote it, with the same parameters. */
const query = snapshotQuery(db).toSQL();
const named: Record<string, string> = { organizationId: family.id, userId: member };
const parameters = query.params.map((param) =>
  param instanceof Placeholder ? named[param.name as string] : param,
);
const statementNow = { name: 'snapshot_age_now', text: query.sql, values: parameters };
const statementBefore = {
  name: 'snapshot_age_before',
  text: query.sql.replace(' and e.user_id is not null', ''),
  values: parameters,
};
if (statementBefore.text === statementNow.text)
  throw new Error("the totals' predicate moved: update this bench");
const pool = (db as unknown as { $client: pg.Pool }).$client;

const micros = (statement: typeof statementNow) => microsEachAsync(READS, () => pool.query(statement));

const table = new AgeTable('snapshot-age', ['years', "the family's entries", 'snapshot µs', 'before µs']);
let booked = 0;
for (const years of YEARS) {
  while (booked < years) {
    await bookYear();
    booked++;
  }
  // A few more warm-ups than the table's own: the first reads of a connection plan and cache.
  for (let w = 0; w < 2; w++) {
    await micros(statementNow);
    await micros(statementBefore);
  }
  await table.measure(
    years,
    years * ROUNDS_A_YEAR * 13,
    () => micros(statementNow),
    () => micros(statementBefore),
  );
}
await database.close();
table.print();
