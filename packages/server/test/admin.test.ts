import { afterEach, describe, expect, it } from 'vitest';
import { promoteAdmins } from '../src/use-cases/promote-admins';
import { newPerson, register, TestClient } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
afterEach(async () => t.close());

/** An app whose ADMIN_EMAILS names one person, that person registered and signed in. */
async function appWithAdmin(registration: 'open' | 'invite-only' = 'open') {
  const person = newPerson('admin');
  t = await createTestApp({ registration, adminEmails: [person.email] });
  if (registration === 'invite-only') {
    const { testerInvites } = await import('../src/db/schema');
    await t.database.db
      .insert(testerInvites)
      .values({ code: 'ADMINBOOT', expiresAt: new Date(Date.now() + 86_400_000) });
  }
  const admin = await register(t.app, {
    person,
    organization: { name: 'Giro HQ', type: 'team' },
    ...(registration === 'invite-only' ? { inviteCode: 'ADMINBOOT' } : {}),
  });
  expect(admin.response.statusCode).toBe(200);
  return admin;
}

describe('ADMIN_EMAILS', () => {
  it('makes the named email an admin at registration, and nobody else', async () => {
    const admin = await appWithAdmin();
    expect(admin.response.json().role).toBe('admin');
    const member = await register(t.app);
    expect(member.response.json().role).toBe('member');
  });

  it('promotes accounts that already exist at start-up (promoteAdmins), once', async () => {
    t = await createTestApp();
    const early = await register(t.app);
    const other = await register(t.app);
    expect(early.response.json().role).toBe('member');
    expect(await promoteAdmins(t.database.db, [early.person.email, 'nobody@example.com'])).toBe(1);
    expect((await early.client.get('/api/user')).json().role).toBe('admin');
    expect((await other.client.get('/api/user')).json().role).toBe('member');
    // A restart with the same list changes nothing more; an empty list is a no-op.
    expect(await promoteAdmins(t.database.db, [early.person.email])).toBe(0);
    expect(await promoteAdmins(t.database.db, [])).toBe(0);
  });
});

describe('admin routes answer 404 to anyone but an admin', () => {
  it('signed out, or signed in as a member, even with a bad body', async () => {
    const admin = await appWithAdmin();
    const member = await register(t.app);
    const adminId = admin.response.json().id;
    for (const client of [new TestClient(t.app), member.client]) {
      const invite = await client.post('/api/admin/tester-invites', { expiresInDays: 7 });
      expect(invite.statusCode).toBe(404);
      expect(invite.json().code).toBe('NOT_FOUND');
      expect((await client.post('/api/admin/tester-invites', { bogus: true })).statusCode).toBe(404);
      const role = await client.post(`/api/admin/users/${adminId}/role`, { role: 'member' });
      expect(role.statusCode).toBe(404);
    }
    // A member cannot make themselves an admin.
    await member.client.post(`/api/admin/users/${member.response.json().id}/role`, { role: 'admin' });
    expect((await member.client.get('/api/user')).json().role).toBe('member');
  });
});

describe('POST /api/admin/tester-invites', () => {
  it('issues a single-use invite that lets someone create an organization in invite-only mode', async () => {
    const admin = await appWithAdmin('invite-only');
    const issued = await admin.client.post('/api/admin/tester-invites', { expiresInDays: 7 });
    expect(issued.statusCode).toBe(200);
    const { code, url } = issued.json();
    expect(url).toBe(`http://giro.test/invite/${code}`);
    expect((await new TestClient(t.app).get(`/api/invite/${code}`)).json()).toEqual({ kind: 'tester' });

    const tester = await register(t.app, { organization: { name: 'Beta', type: 'club' }, inviteCode: code });
    expect(tester.response.statusCode).toBe(200);
    const again = await register(t.app, { organization: { name: 'Beta 2', type: 'club' }, inviteCode: code });
    expect(again.response.json().code).toBe('INVALID_TESTER_INVITE');
  });

  it('an invite bound to an email is refused to another email; one past its expiry to everyone', async () => {
    const admin = await appWithAdmin('invite-only');
    const invited = newPerson('invited');
    const bound = (
      await admin.client.post('/api/admin/tester-invites', { email: invited.email, expiresInDays: 1 })
    ).json().code;
    const stranger = await register(t.app, {
      organization: { name: 'Nope', type: 'family' },
      inviteCode: bound,
    });
    expect(stranger.response.json().code).toBe('INVALID_TESTER_INVITE');
    const welcome = await register(t.app, {
      person: invited,
      organization: { name: 'Yes', type: 'family' },
      inviteCode: bound,
    });
    expect(welcome.response.statusCode).toBe(200);

    const short = (await admin.client.post('/api/admin/tester-invites', { expiresInDays: 1 })).json().code;
    t.clock.fastForward(24 * 60 + 1);
    const late = await register(t.app, { organization: { name: 'Late', type: 'family' }, inviteCode: short });
    expect(late.response.json().code).toBe('INVALID_TESTER_INVITE');
  });

  it('validates expiresInDays and email for an admin', async () => {
    const admin = await appWithAdmin();
    const bad = await admin.client.post('/api/admin/tester-invites', {
      email: 'not-an-email',
      expiresInDays: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['email', 'expiresInDays']);
  });
});

describe('POST /api/admin/users/{id}/role', () => {
  it('an admin grants the role, the new admin can use admin routes, and it can be taken back', async () => {
    const admin = await appWithAdmin();
    const member = await register(t.app);
    const memberId = member.response.json().id;
    const granted = await admin.client.post(`/api/admin/users/${memberId}/role`, { role: 'admin' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ id: memberId, role: 'admin' });
    expect((await member.client.get('/api/user')).json().role).toBe('admin');
    expect((await member.client.post('/api/admin/tester-invites', { expiresInDays: 3 })).statusCode).toBe(
      200,
    );

    await admin.client.post(`/api/admin/users/${memberId}/role`, { role: 'member' });
    expect((await member.client.get('/api/user')).json().role).toBe('member');
    expect((await member.client.post('/api/admin/tester-invites', { expiresInDays: 3 })).statusCode).toBe(
      404,
    );
  });

  it('the last admin cannot remove their own role; with a second admin they can, and nothing else changes', async () => {
    const admin = await appWithAdmin();
    const adminId = admin.response.json().id;
    const refused = await admin.client.post(`/api/admin/users/${adminId}/role`, { role: 'member' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LAST_ADMIN');
    expect((await admin.client.get('/api/user')).json().role).toBe('admin');

    const member = await register(t.app);
    const memberId = member.response.json().id;
    await admin.client.post(`/api/admin/users/${memberId}/role`, { role: 'admin' });
    const stepDown = await admin.client.post(`/api/admin/users/${adminId}/role`, { role: 'member' });
    expect(stepDown.statusCode).toBe(200);
    expect((await admin.client.get('/api/user')).json().role).toBe('member');
    // The remaining admin is now the last one.
    const last = await member.client.post(`/api/admin/users/${memberId}/role`, { role: 'member' });
    expect(last.json().code).toBe('LAST_ADMIN');
  });

  it('the last admin cannot delete their account either; with a second admin they can', async () => {
    const admin = await appWithAdmin();
    const ask = () => admin.client.post('/api/user/delete-request', { password: admin.person.password });
    expect((await ask()).json().code).toBe('LAST_ADMIN');
    const member = await register(t.app);
    await admin.client.post(`/api/admin/users/${member.response.json().id}/role`, { role: 'admin' });
    expect((await ask()).statusCode).toBe(200);
    await t.flushOutbox();
    const token = t.mailer.tokenFrom(admin.person.email, '/delete-account-confirm');
    // The other admin steps down meanwhile: the link no longer deletes the last admin.
    await member.client.post(`/api/admin/users/${member.response.json().id}/role`, { role: 'member' });
    expect((await admin.client.post('/api/user/delete', { token })).json().code).toBe('LAST_ADMIN');
    expect((await admin.client.get('/api/user')).json().role).toBe('admin');
  });

  it('GET and POST /api/admin/admins: the admins by name, a grant by username or email, an unknown login refused', async () => {
    const admin = await appWithAdmin();
    const adminId = admin.response.json().id;
    const list = await admin.client.get('/api/admin/admins');
    expect(list.json().admins).toEqual([
      { id: adminId, username: admin.person.username, displayName: expect.any(String), you: true },
    ]);
    const bea = await register(t.app);
    const carl = await register(t.app);
    const byEmail = await admin.client.post('/api/admin/admins', { login: bea.person.email.toUpperCase() });
    expect(byEmail.statusCode).toBe(200);
    const byUsername = await admin.client.post('/api/admin/admins', { login: carl.person.username });
    expect(
      byUsername
        .json()
        .admins.map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual([adminId, bea.response.json().id, carl.response.json().id].sort());
    expect((await bea.client.get('/api/user')).json().role).toBe('admin');

    const unknown = await admin.client.post('/api/admin/admins', { login: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ADMIN_USER_NOT_FOUND');
    expect((await admin.client.post('/api/admin/admins', { login: '' })).statusCode).toBe(400);
    // A member sees neither route.
    const member = await register(t.app);
    expect((await member.client.get('/api/admin/admins')).statusCode).toBe(404);
    const grab = await member.client.post('/api/admin/admins', { login: member.person.username });
    expect(grab.statusCode).toBe(404);
    expect((await member.client.get('/api/user')).json().role).toBe('member');
  });

  it('an unknown user is 404, a malformed id or role 400', async () => {
    const admin = await appWithAdmin();
    const unknown = await admin.client.post('/api/admin/users/00000000-0000-4000-8000-000000000000/role', {
      role: 'admin',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await admin.client.post('/api/admin/users/not-a-uuid/role', { role: 'admin' })).statusCode).toBe(
      400,
    );
    const id = admin.response.json().id;
    expect((await admin.client.post(`/api/admin/users/${id}/role`, { role: 'owner' })).statusCode).toBe(400);
  });
});
