import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { Db } from '../../packages/server/src/db/client';
import { organizations, sessions, users } from '../../packages/server/src/db/schema';
import { sessionCookieName } from '../../packages/server/src/plugins/session';

export interface SeededMember {
  id: string;
  /** The Cookie header of a signed-in session, as the browser would send it. */
  cookie: string;
}
export interface SeededOrganization {
  id: string;
  members: SeededMember[];
}

const BATCH = 1000;
const SESSION_MS = 30 * 24 * 3600 * 1000;

/**
 * Organizations of signed-in members written straight into the database (seeding is not what
 * is measured): organization rows, verified users, and a session row per user in the form the
 * session plugin writes, with its cookie signed by `secret` the way plugins/session.ts signs it.
 */
export async function seedOrganizations(
  db: Db,
  secret: string,
  options: { organizations: number; members: number; sessions?: boolean },
): Promise<SeededOrganization[]> {
  const signer = new Signer(secret, 'sha256');
  const tag = randomBytes(3).toString('hex');
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_MS);
  const seeded: SeededOrganization[] = [];
  const orgRows: (typeof organizations.$inferInsert)[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const sessionRows: (typeof sessions.$inferInsert)[] = [];
  for (let o = 0; o < options.organizations; o++) {
    const organization: SeededOrganization = { id: randomUUID(), members: [] };
    orgRows.push({ id: organization.id, name: `Bench ${o}`, type: 'family', inviteCode: `B${tag}${o}` });
    for (let m = 0; m < options.members; m++) {
      const id = randomUUID();
      const name = `b${tag}o${o}m${m}`;
      userRows.push({
        id,
        username: name,
        email: `${name}@bench.example`,
        passwordHash: 'not-a-hash',
        firstName: 'Bench',
        lastName: `M${m}`,
        displayName: `Bench M${m}`,
        emailVerifiedAt: now,
        languagePreference: 'en',
        familyId: organization.id,
        memberSince: new Date(now.getTime() + m),
      });
      const sessionId = randomBytes(24).toString('base64url');
      sessionRows.push({
        idHash: createHash('sha256').update(sessionId).digest('hex'),
        userId: id,
        data: {
          cookie: {
            originalMaxAge: SESSION_MS,
            expires: expires.toISOString(),
            httpOnly: true,
            path: '/',
            sameSite: 'lax',
            secure: false,
          },
          userId: id,
        },
        // The row outlives the test clock's jumps (the resync bench moves it by months).
        expiresAt: new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000),
      });
      organization.members.push({
        id,
        cookie: `${sessionCookieName(false)}=${encodeURIComponent(signer.sign(sessionId))}`,
      });
    }
    seeded.push(organization);
  }
  for (let i = 0; i < orgRows.length; i += BATCH)
    await db.insert(organizations).values(orgRows.slice(i, i + BATCH));
  for (let i = 0; i < userRows.length; i += BATCH)
    await db.insert(users).values(userRows.slice(i, i + BATCH));
  if (options.sessions === false) return seeded;
  for (let i = 0; i < sessionRows.length; i += BATCH)
    await db.insert(sessions).values(sessionRows.slice(i, i + BATCH));
  return seeded;
}
