import type { FundView } from '@giro/contract/fund';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifyMember } from '../src/notifications/notify-member';
import { register } from './support/client';
import { organizationOf } from './support/fund-members';
import { TestSocket } from './support/socket-client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];
beforeEach(async () => {
  t = await createTestApp();
  t.outbox.start();
  url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.close();
});
const open = async (options: Parameters<typeof TestSocket.open>[1] = {}) => {
  const socket = await TestSocket.open(url, options);
  sockets.push(socket);
  return socket;
};
const authenticated = async (cookie: string) => {
  const socket = await open({ cookie });
  socket.send({ type: 'AUTHENTICATE' });
  await socket.next((m) => m.type === 'AUTHENTICATED');
  return socket;
};

describe('the real-time channel /ws', () => {
  it('closes with "No session found" when the upgrade carries no session cookie', async () => {
    const socket = await open();
    expect(await socket.closedWith()).toEqual({ code: 1008, reason: 'No session found' });
  });

  it('refuses another origin', async () => {
    const [a] = await organizationOf(t, 1);
    const socket = await open({ cookie: a!.client.cookieHeader, origin: 'https://evil.example' });
    expect((await socket.closedWith()).reason).toBe('Origin not allowed');
  });

  it('answers AUTHENTICATION_REQUIRED to a cookie that names no signed-in member', async () => {
    const socket = await open({ cookie: 'giro.sid=guessed.value' });
    socket.send({ type: 'AUTHENTICATE', sessionId: 'ignored' });
    expect((await socket.next((m) => m.type !== 'x')).type).toBe('AUTHENTICATION_REQUIRED');
  });

  it('authenticates by cookie, answers heartbeats and resyncs with the SPEC data', async () => {
    const [a] = await organizationOf(t, 1);
    const socket = await authenticated(a!.client.cookieHeader);
    expect(socket.messages[0]).toMatchObject({ type: 'AUTHENTICATED', familyId: expect.any(String) });
    socket.send({ type: 'HEARTBEAT' });
    await socket.next((m) => m.type === 'HEARTBEAT_RESPONSE');
    socket.send({ type: 'RESYNC_REQUEST', requestId: 'r1', timestamp: Date.now() });
    const resync = await socket.next((m) => m.type === 'RESYNC_RESPONSE');
    expect(resync).toMatchObject({
      requestId: 'r1',
      familyId: socket.messages[0]!.familyId,
      queryTimeMs: expect.any(Number),
      data: {
        rotatingFund: null,
        familyMembers: [expect.objectContaining({ id: a!.id })],
        userNotifications: expect.any(Array),
        dashboard: { queuedRequests: [], userStats: { totalGiven: 0, totalReceived: 0, completedCycles: 0 } },
      },
    });
  });

  it('reads the session again for each message: after a sign-out the open socket gets no more data', async () => {
    const [a] = await organizationOf(t, 1);
    const socket = await authenticated(a!.client.cookieHeader);
    socket.send({ type: 'RESYNC_REQUEST', requestId: 'before', timestamp: Date.now() });
    await socket.next((m) => m.type === 'RESYNC_RESPONSE' && m.requestId === 'before');
    expect((await a!.client.post('/api/logout', {})).statusCode).toBe(200);
    socket.send({ type: 'RESYNC_REQUEST', requestId: 'after', timestamp: Date.now() });
    await socket.next((m) => m.type === 'AUTHENTICATION_REQUIRED');
    socket.send({ type: 'AUTHENTICATE' });
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.messages.map((m) => m.type)).toEqual([
      'AUTHENTICATED',
      'RESYNC_RESPONSE',
      'AUTHENTICATION_REQUIRED',
      'AUTHENTICATION_REQUIRED',
    ]);
  });

  it('delivers an organization event to its members, numbered, and to nobody else', async () => {
    const [a, b] = await organizationOf(t, 2);
    const outsider = await register(t.app);
    const socketB = await authenticated(b!.client.cookieHeader);
    const socketOutsider = await authenticated(outsider.client.cookieHeader);
    const fund = (await a!.client.post('/api/rotating-fund')).json<FundView>();
    const created = await socketB.next((m) => m.type === 'FUND_CREATED');
    expect(created).toMatchObject({ fundId: fund.id, familyId: socketB.messages[0]!.familyId });
    await a!.client.post(`/api/rotating-fund/${fund.id}/votes/amount`, { amountCents: 5000 });
    const vote = await socketB.next((m) => m.type === 'FUND_VOTE_CAST');
    // Numbered in order (the vote's call to every member came in between: NOTIFICATION_CREATED).
    expect(vote).toMatchObject({ userId: a!.id });
    expect(vote.seq as number).toBeGreaterThan(created.seq as number);
    const between = socketB.messages.filter(
      (m) => (m.seq as number) > (created.seq as number) && (m.seq as number) < (vote.seq as number),
    );
    expect(between.map((m) => m.type)).toEqual(['NOTIFICATION_CREATED']);
    expect(JSON.stringify(vote)).not.toContain('5000'); // the amount stays secret while voting is open
    await new Promise((r) => setTimeout(r, 200));
    expect(socketOutsider.messages.map((m) => m.type)).toEqual(['AUTHENTICATED']);
  });

  it('a member who leaves stops receiving the organization events', async () => {
    const [a, b] = await organizationOf(t, 2);
    const socketB = await authenticated(b!.client.cookieHeader);
    expect((await b!.client.post('/api/family/leave')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // the membership move travels the outbox too
    await a!.client.post('/api/rotating-fund');
    await new Promise((r) => setTimeout(r, 300));
    expect(socketB.messages.map((m) => m.type)).toEqual(['AUTHENTICATED']);
  });
});

describe('one member’s notice', () => {
  it('reaches their own sockets in the family they are in now, though it is about one they left', async () => {
    const [a, b] = await organizationOf(t, 2);
    const organizationId = (await a!.client.get('/api/family')).json<{ id: string }>().id;
    const [elsewhere] = await organizationOf(t, 1);
    const { inviteCode } = (await elsewhere!.client.get('/api/family')).json<{ inviteCode: string }>();
    expect((await b!.client.post('/api/family/join', { inviteCode })).statusCode).toBe(200);
    const socketA = await authenticated(a!.client.cookieHeader);
    const socketB = await authenticated(b!.client.cookieHeader);
    // A debt between the two is settled wherever they are (repay-debt.ts): its notice says so.
    await t.database.db.transaction((tx) =>
      notifyMember(
        tx,
        'http://giro.test',
        { organizationId, userId: b!.id, type: 'debt_settled' },
        new Date(),
      ),
    );
    expect(await socketB.next((m) => m.type === 'NOTIFICATION_CREATED')).not.toHaveProperty('seq');
    await new Promise((r) => setTimeout(r, 200));
    // The family it is about has nothing to refresh for it.
    expect(socketA.messages.map((m) => m.type)).toEqual(['AUTHENTICATED']);
    // One still in it hears it as the family's event, numbered like the others.
    await t.database.db.transaction((tx) =>
      notifyMember(
        tx,
        'http://giro.test',
        { organizationId, userId: a!.id, type: 'debt_settled' },
        new Date(),
      ),
    );
    expect(await socketA.next((m) => m.type === 'NOTIFICATION_CREATED')).toMatchObject({
      familyId: organizationId,
      seq: expect.any(Number),
    });
  });
});

describe('two server instances on one database', () => {
  it('a socket on instance A receives the event caused by a request on instance B', async () => {
    const b = await createTestApp({}, { database: t.database });
    try {
      b.outbox.start();
      const [alice, bob] = await organizationOf(t, 2);
      const socketA = await authenticated(alice!.client.cookieHeader);
      // Bob's session lives in the shared database: his requests go to instance B.
      const fund = await b.app.inject({
        method: 'POST',
        url: '/api/rotating-fund',
        headers: { cookie: bob!.client.cookieHeader, 'x-csrf-token': await bob!.client.refreshCsrf() },
        payload: {},
      });
      expect(fund.statusCode).toBe(200);
      expect(await socketA.next((m) => m.type === 'FUND_CREATED')).toMatchObject({ fundId: fund.json().id });
      await new Promise((r) => setTimeout(r, 200));
      expect(socketA.messages.filter((m) => m.type === 'FUND_CREATED')).toHaveLength(1);
    } finally {
      await b.close();
    }
  });
});
