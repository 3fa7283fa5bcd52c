import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client';

/**
 * What the admin insight queries read, at scale, written with set-based SQL (seeding is not what
 * is measured): organization types and creation days spread over 90 days, one fund per
 * organization (phase, strikes, debts), `eventsPerFund` fund events (rounds, contributions,
 * misses, extensions, a completed cycle), 12 balanced ledger transactions per organization
 * (3 rounds of 3 card contributions and a payout with its fee), 9 invite events per
 * organization's code, 1,000 tester invites with 2 visits each, and `requests` rows of the API
 * request log (another page's table, so the database has its real size).
 */
export async function seedAdminData(db: Db, options: { eventsPerFund: number; requests: number }) {
  const days = (key: string) => sql.raw(`((abs(hashtext(${key})) % 90) || ' days')::interval`);
  const members = sql`with m as (select family_id, array_agg(id::text order by id) as ids from users
    where family_id is not null group by family_id)`;
  await db.execute(sql`update organizations set
    type = (array['family','group','organization','community','circle','club','team'])[1 + abs(hashtext(id::text)) % 7],
    created_at = now() - ${days('id::text')}`);
  await db.execute(sql`update users set created_at = now() - ${days('id::text')}`);
  await db.execute(sql`${members}
    insert into funds (organization_id, state, version)
    select m.family_id, jsonb_build_object(
      'phase', (array['voting','confirmation','date_voting','collecting','collecting','awaiting_withdrawal',
        'completed','cancelled'])[1 + abs(hashtext(m.family_id::text)) % 8],
      'strikes', jsonb_build_object(m.ids[1], abs(hashtext(m.ids[1])) % 4, m.ids[2], abs(hashtext(m.ids[2])) % 2),
      'debts', case when abs(hashtext(m.family_id::text)) % 20 = 0
        then jsonb_build_object(m.ids[3], 5000) else '{}'::jsonb end), 1
    from m`);
  await db.execute(sql`${members}
    insert into fund_events (fund_id, organization_id, type, payload, at)
    select f.id, f.organization_id, e.type, jsonb_build_object(
        'memberId', m.ids[1 + g % 4],
        'contribution', jsonb_build_object('id', md5(f.id::text || g), 'contributorId', m.ids[1 + g % 4]),
        'history', jsonb_build_object('createdAt', 0, 'completedAt', (35 + g % 10) * 86400000::bigint)),
      now() - ((${options.eventsPerFund} - g) || ' hours')::interval
    from funds f join m on m.family_id = f.organization_id, generate_series(1, ${options.eventsPerFund}) g,
    lateral (select case
      when g = ${options.eventsPerFund} then 'CycleCompleted'
      when g % 10 = 1 then 'RoundStarted'
      when g % 10 = 5 and abs(hashtext(f.id::text || g)) % 4 = 0 then 'ContributionMissed'
      when g % 10 = 6 and abs(hashtext(f.id::text || (g - 1))) % 4 = 0 then 'ExtensionGranted'
      when g % 10 = 9 and abs(hashtext(f.id::text || g)) % 50 = 0 then 'DistributionFailed'
      else 'ContributionMade' end as type) e`);
  await db.execute(sql`insert into ledger_transactions (organization_id, kind, idempotency_key, created_at)
    select o.id, case when k = 4 then 'payout' else 'contribution' end, o.id || ':' || r || ':' || k,
      now() - ${days('o.id::text || r')}
    from organizations o, generate_series(1, 3) r, generate_series(1, 4) k`);
  await db.execute(sql`${members}
    insert into ledger_entries (transaction_id, organization_id, account, user_id, amount_cents)
    select t.id, t.organization_id, x.account, x.user_id::uuid, x.amount
    from ledger_transactions t join m on m.family_id = t.organization_id,
    lateral (select split_part(t.idempotency_key, ':', 2)::int as r, split_part(t.idempotency_key, ':', 3)::int as k) p,
    lateral (select * from (values
      ('funding:' || m.ids[p.k], m.ids[p.k], -5000::bigint, p.k < 4),
      ('round-escrow:' || t.organization_id || ':1:' || p.r, null, 5000, p.k < 4),
      ('round-escrow:' || t.organization_id || ':1:' || p.r, null, -15000, p.k = 4),
      ('payout:' || m.ids[p.r], m.ids[p.r], 14575, p.k = 4),
      ('platform:fees', null, 425, p.k = 4)) v(account, user_id, amount, keep) where keep) x`);
  await db.execute(sql`insert into invite_events (code, kind, organization_id, created_at)
    select o.invite_code, (array['visit','visit','visit','visit','visit','visit','registration','registration',
      'conversion'])[g], o.id, now() - ${days('o.id::text || g')} - (g || ' minutes')::interval
    from organizations o, generate_series(1, 9) g`);
  await db.execute(sql`insert into tester_invites (code, expires_at, created_at)
    select 'T' || lpad(g::text, 7, '0'), now() + interval '30 days', now() - (g % 90 || ' days')::interval
    from generate_series(1, 1000) g`);
  await db.execute(sql`insert into invite_events (code, kind, tester_invite_id, created_at)
    select ti.code, 'visit', ti.id, ti.created_at + interval '1 hour' from tester_invites ti, generate_series(1, 2)`);
  await db.execute(sql`insert into api_requests (at, method, route, status, duration_ms, user_id, request_id)
    select now() - (g || ' seconds')::interval, 'GET',
      (array['/api/dashboard','/api/user','/api/rotating-fund','/api/session/check'])[1 + g % 4],
      case when g % 50 = 0 then 500 else 200 end, (g % 97)::float8, null, md5(g::text)
    from generate_series(1, ${options.requests}) g`);
  await db.execute(sql`analyze`);
}

/** Row counts of the tables the admin queries read, for the report. */
export async function tableSizes(db: Db): Promise<Record<string, number>> {
  const tables = ['organizations', 'users', 'funds', 'fund_events', 'ledger_transactions', 'ledger_entries'];
  const sizes: Record<string, number> = {};
  for (const table of [...tables, 'invite_events', 'tester_invites', 'api_requests']) {
    const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    };
    sizes[table] = result.rows[0]?.n ?? 0;
  }
  return sizes;
}
