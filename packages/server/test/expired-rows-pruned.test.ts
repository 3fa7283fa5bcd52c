import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRUNE_BATCH } from '../src/db/delete-in-batches';
import { NOTIFICATION_RETENTION_DAYS, pruneOldNotifications } from '../src/db/notification.repository';
import { notifications, sessions, usedCaptchas, users, userTokens } from '../src/db/schema';
import { pruneExpiredSessions } from '../src/db/session.repository';
import { pruneExpiredTokens } from '../src/db/token.repository';
import { pruneUsedCaptchas } from '../src/db/used-captchas.queries';
import { TestClient as Client, register } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * What a member leaves behind and nobody reads again is pruned with the other old rows
 * (jobs/prune-old-rows.ts, every ten minutes): expired sessions, expired emailed tokens, used
 * captchas. Each prune deletes only what can no longer be used.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const signedIn = async (client: Client) =>
  (await client.get('/api/session/check')).json<{ authenticated: boolean }>().authenticated;

describe('expired rows pruned', () => {
  it('an expired session is deleted; the member signed in elsewhere stays signed in', async () => {
    const { client, person } = await register(t.app);
    const phone = new Client(t.app);
    expect(
      (await phone.post('/api/login', { username: person.username, password: person.password })).statusCode,
    ).toBe(200);
    expect(await signedIn(client)).toBe(true);
    expect(await signedIn(phone)).toBe(true);
    // The registration's session expired (sessions live by the database's clock).
    const [first] = await t.database.db.select().from(sessions).orderBy(sessions.createdAt).limit(1);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.idHash, first!.idHash));

    expect(await pruneExpiredSessions(t.database.db)).toBe(1);
    expect(await t.database.db.select({ id: sessions.idHash }).from(sessions)).toHaveLength(1);
    expect(await signedIn(client)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
    expect(await pruneExpiredSessions(t.database.db)).toBe(0);
  });

  it("an emailed token is deleted once it has expired by the app's clock and the database's", async () => {
    await register(t.app);
    const tokens = () => t.database.db.select({ purpose: userTokens.purpose }).from(userTokens);
    expect(await tokens()).toEqual([{ purpose: 'verify_email' }]);
    // The verification link lives 24 hours.
    t.clock.fastForward(23 * 60);
    expect(await pruneExpiredTokens(t.database.db, t.clock.now())).toBe(0);
    // Expired for a test clock a day ahead, not for real time: a reset of that clock makes it
    // valid again, so it stays.
    t.clock.fastForward(61);
    expect(await pruneExpiredTokens(t.database.db, t.clock.now())).toBe(0);
    // A day later in real time too.
    await t.database.db.update(userTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect(await pruneExpiredTokens(t.database.db, t.clock.now())).toBe(1);
    expect(await tokens()).toEqual([]);
  });

  it('a backlog goes in batches of 5,000 until none is left', async () => {
    const { person } = await register(t.app);
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, person.username));
    await t.database.db.execute(sql`
      insert into user_tokens (user_id, purpose, token_hash, expires_at, created_at)
      select ${user!.id}, 'reset_password', 'expired-' || g, now() - interval '1 day', now() - interval '2 days'
      from generate_series(1, ${PRUNE_BATCH + 1}) g`);
    expect(await pruneExpiredTokens(t.database.db, t.clock.now())).toBe(PRUNE_BATCH + 1);
    // The registration's verification link has not expired.
    expect(await t.database.db.select({ purpose: userTokens.purpose }).from(userTokens)).toEqual([
      { purpose: 'verify_email' },
    ]);
  });

  it('a used captcha is forgotten a day on, when its challenge has long expired', async () => {
    await register(t.app);
    await register(t.app);
    const used = () => t.database.db.select({ id: usedCaptchas.id }).from(usedCaptchas);
    const [older] = await used();
    expect(await used()).toHaveLength(2);
    expect(await pruneUsedCaptchas(t.database.db)).toBe(0);
    await t.database.db
      .update(usedCaptchas)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(usedCaptchas.id, older!.id));
    expect(await pruneUsedCaptchas(t.database.db)).toBe(1);
    expect(await used()).toHaveLength(1);
  });

  it('a notification is deleted 180 days on, read or not; a newer one stays', async () => {
    const { client } = await register(t.app);
    const me = (await client.get('/api/session/check')).json<{ user: { id: string } }>().user.id;
    const at = (daysAgo: number) => new Date(t.clock.now().getTime() - daysAgo * 86_400_000);
    await t.database.db.insert(notifications).values([
      {
        userId: me,
        type: 'strike_warning',
        data: { strikes: 2 },
        createdAt: at(NOTIFICATION_RETENTION_DAYS + 1),
      },
      {
        userId: me,
        type: 'strike_warning',
        data: { strikes: 2 },
        createdAt: at(NOTIFICATION_RETENTION_DAYS + 2),
        readAt: at(1),
      },
      { userId: me, type: 'debt_settled', data: {}, createdAt: at(NOTIFICATION_RETENTION_DAYS - 1) },
    ]);
    const types = async () =>
      (await client.get('/api/user-notifications'))
        .json<{ notifications: { type: string }[] }>()
        .notifications.map((n) => n.type);
    expect(await types()).toHaveLength(3);
    expect(await pruneOldNotifications(t.database.db, t.clock.now())).toBe(2);
    expect(await types()).toEqual(['debt_settled']);
    expect(await pruneOldNotifications(t.database.db, t.clock.now())).toBe(0);
  });

  it('an instance prunes at start, each kind on its own, and says what it pruned', async () => {
    await register(t.app);
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` });
    await t.database.db.update(usedCaptchas).set({ createdAt: sql`now() - interval '2 days'` });
    // One step failing (its table gone) does not stop the others.
    await t.database.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    const lines: { msg: string; pruned?: number }[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const other = await createTestApp({}, { database: t.database, logger });
    try {
      await other.app.ready();
    } finally {
      // Closing waits for the prune under way.
      await other.close();
      await t.database.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
    const pruned = lines.filter((line) => line.msg.endsWith(': pruned'));
    expect(pruned).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'sessions: pruned', pruned: 1 }),
        expect.objectContaining({ msg: 'used captchas: pruned', pruned: 1 }),
      ]),
    );
    expect(lines.filter((line) => line.msg.endsWith('prune failed')).map((line) => line.msg)).toEqual([
      'rate limits: prune failed',
    ]);
  });
});
