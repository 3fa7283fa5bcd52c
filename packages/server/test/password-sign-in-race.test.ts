import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createPasswordSession } from '../src/db/session.repository';
import { findUserById } from '../src/db/user.repository';
import { hashPassword } from '../src/security/passwords';
import { register } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/**
 * A sign-in checks the password (argon2, tens of milliseconds), then writes its session. A
 * password reset committed in between ends every session but cannot end one not written yet:
 * the session is written only if the hash it checked is still the member's.
 */
it('a password sign-in whose password was reset since it was checked gets no session', async () => {
  const { client, person, response } = await register(t.app);
  const user = (await findUserById(t.database.db, response.json<{ id: string }>().id))!;
  const checked = user.passwordHash;
  const session = { id: 'sign-in-race-0001', userId: user.id, expiresAt: new Date(Date.now() + 60_000) };
  // The reset commits between the check and the session.
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword('a new and different password') })
    .where(eq(users.id, user.id));
  expect(await createPasswordSession(t.database.db, session, checked)).toBe(false);
  const fresh = (await findUserById(t.database.db, user.id))!;
  expect(await createPasswordSession(t.database.db, session, fresh.passwordHash)).toBe(true);
  // And through the route, the old password no longer signs in.
  const old = await client.post('/api/login', { username: person.username, password: person.password });
  expect(old.statusCode).toBe(401);
});
