import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { createSession } from '../src/db/session.repository';
import { findUserById } from '../src/db/user.repository';
import { hashPassword, verifyPassword } from '../src/security/passwords';
import { changePassword } from '../src/use-cases/change-password';
import { register } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/**
 * A password change checks the current password and hashes the new one (argon2 twice, tens of
 * milliseconds) before it writes. Whatever committed in between, read before it as the route
 * reads it, must not be overwritten: a reset (the member locking out whoever knew the old
 * password), or this browser signed out from another.
 */
async function memberWithSession() {
  const { person, response } = await register(t.app);
  const user = (await findUserById(t.database.db, response.json<{ id: string }>().id))!;
  const sessionId = `change-race-${user.id}`;
  await createSession(t.database.db, {
    id: sessionId,
    userId: user.id,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return { person, user, sessionId };
}

/** The change, as the route runs it with the user it read before whatever committed since. */
const changeWithOldPassword = ({ person, user, sessionId }: Awaited<ReturnType<typeof memberWithSession>>) =>
  changePassword(
    t.deps,
    user,
    { currentPassword: person.password, newPassword: 'the intruder chose this one' },
    sessionId,
  );

it('a password reset committed after the current password was checked keeps its password', async () => {
  const member = await memberWithSession();
  const { user } = member;
  // The reset commits while the change is hashing (the route read the user before it).
  const reset = await hashPassword('the password the member chose by email');
  await t.database.db.update(users).set({ passwordHash: reset }).where(eq(users.id, user.id));
  await expect(changeWithOldPassword(member)).rejects.toMatchObject({ code: 'PASSWORD_CHANGE_FAILED' });
  const after = (await findUserById(t.database.db, user.id))!;
  expect(after.passwordHash).toBe(reset);
});

it('a change whose session was ended meanwhile (signed out from another browser) writes nothing', async () => {
  const member = await memberWithSession();
  const { person, user } = member;
  await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
  await expect(changeWithOldPassword(member)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
  const after = (await findUserById(t.database.db, user.id))!;
  expect(await verifyPassword(after.passwordHash, person.password)).toBe(true);
});

it('with nothing in between, the change goes through and ends the other sessions only', async () => {
  const { person, user, sessionId } = await memberWithSession();
  await changePassword(
    t.deps,
    user,
    { currentPassword: person.password, newPassword: 'a new long password' },
    sessionId,
  );
  const after = (await findUserById(t.database.db, user.id))!;
  expect(await verifyPassword(after.passwordHash, 'a new long password')).toBe(true);
  const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
  expect(left).toHaveLength(1);
});
