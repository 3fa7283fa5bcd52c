import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register } from './support/client';
import { organizationOf } from './support/fund-members';
import { contribute, createRequest, overview } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Signed-in sessions and organization snapshots are kept in memory (db/read-caches.ts, issue 15)
 * and the database itself announces every change to what they hold (migration 0019), whoever
 * wrote it. These tests write behind the app's back, with plain SQL, and ask on the very next
 * request; silencing a trigger shows that an answer came from memory. The two-instance tests
 * (two-instances.test.ts) cover the same through the app's own routes.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const displayName = async (client: Awaited<ReturnType<typeof register>>['client']) =>
  (await client.get('/api/user')).json<{ displayName: string }>().displayName;

describe('sessions in memory', () => {
  it('answers from memory while nothing is announced, and sees an announced change at once', async () => {
    const { client, person } = await register(t.app);
    const before = await displayName(client);

    // Silenced, a change is not seen: proof that the member came from memory.
    await t.database.db.execute(sql`alter table users disable trigger users_cache`);
    await t.database.db.execute(
      sql`update users set display_name = 'Unheard' where username = ${person.username}`,
    );
    expect(await displayName(client)).toBe(before);

    await t.database.db.execute(sql`alter table users enable trigger users_cache`);
    await t.database.db.execute(
      sql`update users set display_name = 'Heard' where username = ${person.username}`,
    );
    expect(await displayName(client)).toBe('Heard');
  });

  it('a session removed by any statement signs out on the next request', async () => {
    const { client, person } = await register(t.app);
    expect((await client.get('/api/session/check')).json().authenticated).toBe(true);
    await t.database.db.execute(
      sql`delete from sessions where user_id = (select id from users where username = ${person.username})`,
    );
    expect((await client.get('/api/session/check')).json()).toEqual({ authenticated: false });
  });

  it('a TRUNCATE forgets everyone, and a new sign-in is read afresh', async () => {
    const { client, person } = await register(t.app);
    expect((await client.get('/api/session/check')).json().authenticated).toBe(true);
    await t.database.db.execute(sql`alter table users disable trigger users_cache`);
    await t.database.db.execute(
      sql`update users set display_name = 'Unheard' where username = ${person.username}`,
    );
    await t.database.db.execute(sql`alter table users enable trigger users_cache`);
    await t.database.db.execute(sql`truncate sessions`);
    expect((await client.get('/api/session/check')).json()).toEqual({ authenticated: false });
    expect(
      (await client.post('/api/login', { username: person.username, password: person.password })).statusCode,
    ).toBe(200);
    expect(await displayName(client)).toBe('Unheard');
  });

  it('the "last seen" written every few minutes is not announced (it would empty the cache)', async () => {
    const { client, person } = await register(t.app);
    const before = await displayName(client);
    await t.database.db.execute(sql`alter table users disable trigger users_cache`);
    await t.database.db.execute(
      sql`update users set display_name = 'Unheard' where username = ${person.username}`,
    );
    await t.database.db.execute(sql`update sessions set last_seen_at = now()`);
    expect(await displayName(client)).toBe(before);
    await t.database.db.execute(sql`update sessions set expires_at = now() + interval '1 day'`);
    expect(await displayName(client)).toBe('Unheard');
  });
});

const leaderboardNames = async (client: Awaited<ReturnType<typeof register>>['client']) =>
  (await client.get('/api/dashboard'))
    .json<{ leaderboard: { displayName: string }[] }>()
    .leaderboard.map((m) => m.displayName);
const givenCents = async (client: Awaited<ReturnType<typeof register>>['client']) =>
  (await client.get('/api/dashboard')).json<{ userStats: { totalGivenCents: number } }>().userStats
    .totalGivenCents;

describe('organization snapshots in memory', () => {
  it('the dashboard answers from memory while nothing is announced, and sees a member renamed at once', async () => {
    const { client, person } = await register(t.app);
    const before = await leaderboardNames(client);
    await t.database.db.execute(sql`alter table users disable trigger users_cache`);
    await t.database.db.execute(
      sql`update users set display_name = 'Unheard' where username = ${person.username}`,
    );
    expect(await leaderboardNames(client)).toEqual(before);
    await t.database.db.execute(sql`alter table users enable trigger users_cache`);
    await t.database.db.execute(
      sql`update users set display_name = 'Heard' where username = ${person.username}`,
    );
    expect(await leaderboardNames(client)).toEqual(['Heard']);
  });

  it('a former member named in a request is read afresh: their name is not in the snapshot, so nothing announces it', async () => {
    const [ann, bob] = await organizationOf(t, 2);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(bob!, request.id, 2_500);
    expect((await bob!.client.post('/api/family/leave')).statusCode).toBe(200);
    const namesShown = async () => (await overview(ann!)).recentActivity.map((entry) => entry.actorName);
    expect(await namesShown()).toContain(bob!.name);
    // Twice: the second answer would come from memory if the overview were kept.
    expect(await namesShown()).toContain(bob!.name);
    await t.database.db.execute(sql`alter table users disable trigger users_cache`);
    await t.database.db.execute(
      sql`update users set display_name = 'Renamed Elsewhere' where id = ${bob!.id}`,
    );
    await t.database.db.execute(sql`alter table users enable trigger users_cache`);
    expect(await namesShown()).toContain('Renamed Elsewhere');
    expect((await ann!.client.get('/api/dashboard')).statusCode).toBe(200);
  });

  it("a member's money in another organization moves their own totals at once", async () => {
    const { client, person } = await register(t.app);
    expect(await givenCents(client)).toBe(0);
    // Another organization's ledger: only the member's own ledger tag ('l:') reaches this snapshot.
    await t.database.db.execute(sql`
      with other as (
        insert into organizations (name, type, invite_code) values ('Elsewhere', 'family', ${`X${Date.now()}`})
        returning id),
      tx as (insert into ledger_transactions (organization_id, kind) select id, 'test' from other returning id, organization_id)
      insert into ledger_entries (transaction_id, organization_id, account, user_id, amount_cents)
      select tx.id, tx.organization_id, 'funding:' || u.id, u.id, -1250
      from tx, users u where u.username = ${person.username}`);
    expect(await givenCents(client)).toBe(1250);
  });
});
