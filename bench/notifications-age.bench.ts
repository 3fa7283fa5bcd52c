/**
 * What a member's age costs their alerts (ADR 0044): the one statement behind the alerts list
 * and the socket's resync (`listNotifications`: the newest fifty, the unread count, the edited
 * texts), read from PostgreSQL as a member's notifications pile up. Three hundred members (fifty
 * families of six) get a year of notifications at a time (twenty a month, interleaved as a shared
 * database holds them), all read but each member's newest five; the database is vacuumed as
 * autovacuum would. At 1, 3, 5 and 10 years one member's list is read with the unread ones'
 * index, and without it (dropped, then built again: the code before), alternating, median of 7
 * blocks.
 * Run: npm run bench:notifications-age   (options: --reads 300)
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { listNotifications } from '../packages/server/src/db/notification.repository';
import { AgeTable, fiftyFamilies } from './support/age-table';
import { microsEachAsync } from './support/report';

const { values: options } = parseArgs({ options: { reads: { type: 'string', default: '300' } } });
const READS = Number(options.reads);
const YEARS = [1, 3, 5, 10];
const A_YEAR = 240;
const UNREAD = 5;

const { database, db, organizations } = await fiftyFamilies();
const member = organizations[0]!.members[1]!.id;
const memberIds = organizations.flatMap((o) => o.members.map((m) => m.id));

/** A year of notifications for every member, in time order across members; all read but the newest five. */
async function notifyYear(year: number): Promise<void> {
  await db.execute(sql`update notifications set read_at = created_at where read_at is null`);
  await db.execute(sql`
    insert into notifications (user_id, type, data, read_at, created_at)
    select m.id::uuid, 'your_turn',
      jsonb_build_object('roundNumber', i),
      case when i > ${A_YEAR - UNREAD}::int then null else now() end,
      now() - make_interval(hours => ${(11 - year) * A_YEAR}::int - i)
    from generate_series(1, ${A_YEAR}::int) i,
      jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb) with ordinality m(id, n)
    order by i, m.n`);
  await db.execute(sql`vacuum analyze notifications`);
}

const withIndex = async (present: boolean) =>
  db.execute(
    present
      ? sql`create index if not exists notifications_unread_idx on notifications (user_id) where read_at is null`
      : sql`drop index if exists notifications_unread_idx`,
  );

const micros = () => microsEachAsync(READS, () => listNotifications(db, member, 'it'));

const table = new AgeTable('notifications-age', [
  'years',
  "the member's notifications",
  'list + unread count µs',
  'without the index µs (before)',
]);
let notified = 0;
for (const years of YEARS) {
  while (notified < years) await notifyYear(notified++);
  await table.measure(
    years,
    years * A_YEAR,
    async () => {
      await withIndex(true);
      return micros();
    },
    async () => {
      await withIndex(false);
      return micros();
    },
  );
}
await withIndex(true);
await database.close();
table.print();
