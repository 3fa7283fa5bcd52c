import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register, TestClient } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('organizations', () => {
  it('shows only the caller organization; another organization data answers 404', async () => {
    const a = await register(t.app, { organization: { name: 'Famiglia Rossi', type: 'family' } });
    const b = await register(t.app, { organization: { name: 'Club Verdi', type: 'club' } });
    const familyA = (await a.client.get('/api/family')).json();
    const familyB = (await b.client.get('/api/family')).json();
    expect(familyA).toMatchObject({
      name: 'Famiglia Rossi',
      type: 'family',
      memberCount: 1,
      totalContributionsCents: 0,
    });
    expect(familyB.name).toBe('Club Verdi');
    const members = (await a.client.get('/api/family/members')).json().members;
    expect(members.map((m: { id: string }) => m.id)).toEqual([a.response.json().id]);
  });

  it('previews an invite publicly without member data, and records the visit', async () => {
    const { client } = await register(t.app, { organization: { name: 'Circolo', type: 'circle' } });
    const { inviteCode } = (await client.get('/api/family')).json();
    const preview = await new TestClient(t.app).get(`/api/invite/${inviteCode.toLowerCase()}`);
    expect(preview.json()).toEqual({ kind: 'organization', organizationName: 'Circolo', type: 'circle' });
    expect((await new TestClient(t.app).get('/api/invite/NOPE2345')).statusCode).toBe(404);
  });

  it('join another organization leaves the current one; the last member out closes it', async () => {
    const a = await register(t.app);
    const b = await register(t.app, { organization: { name: 'Team B', type: 'team' } });
    const codeB = (await b.client.get('/api/family')).json().inviteCode;
    const oldCode = (await a.client.get('/api/family')).json().inviteCode;
    const joined = await a.client.post('/api/family/join', { inviteCode: codeB });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ name: 'Team B', memberCount: 2 });
    // A's old organization had only A: it is closed and its code no longer works.
    const late = await register(t.app, { inviteCode: oldCode });
    expect(late.response.json().code).toBe('INVALID_INVITE_CODE');
    expect((await a.client.post('/api/family/join', { inviteCode: codeB })).json().code).toBe(
      'ALREADY_IN_ORGANIZATION',
    );
  });

  it('leave, then create a new one', async () => {
    const { client } = await register(t.app);
    expect((await client.post('/api/family/leave')).statusCode).toBe(200);
    expect((await client.get('/api/family')).json().code).toBe('NOT_IN_ORGANIZATION');
    expect((await client.post('/api/family/leave')).statusCode).toBe(404);
    const created = await client.post('/api/family', { name: 'Nuova', type: 'community' });
    expect(created.json()).toMatchObject({ name: 'Nuova', type: 'community', memberCount: 1 });
    expect((await client.post('/api/family', { name: 'Altra', type: 'group' })).json().code).toBe(
      'ALREADY_IN_ORGANIZATION',
    );
  });

  it('the dashboard reads stats from the ledger, with organization and leaderboard', async () => {
    const { client, response } = await register(t.app, {
      organization: { name: 'Famiglia', type: 'family' },
    });
    const dashboard = (await client.get('/api/dashboard')).json();
    expect(dashboard.userStats).toEqual({
      totalGivenCents: 0,
      totalReceivedCents: 0,
      currentBalanceCents: 0,
      completedCycles: 0,
    });
    expect(dashboard.organization.name).toBe('Famiglia');
    expect(dashboard.leaderboard[0].id).toBe(response.json().id);
  });
});
