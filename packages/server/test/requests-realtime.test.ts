import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { organizationOf } from './support/fund-members';
import { contribute, createRequest } from './support/request-steps';
import { TestSocket } from './support/socket-client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let url: string;
let socket: TestSocket | undefined;
beforeEach(async () => {
  t = await createTestApp();
  t.outbox.start();
  url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
});
afterEach(async () => {
  socket?.close();
  await t.close();
});

describe('funding requests over the real-time channel', () => {
  it('REQUEST_UPDATED reaches the members for a contribution and for the next activation; the resync carries the queue', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    socket = await TestSocket.open(url, { cookie: cat!.client.cookieHeader });
    socket.send({ type: 'AUTHENTICATE' });
    await socket.next((m) => m.type === 'AUTHENTICATED');
    const first = await createRequest(ann!, 'Roof', 1_000);
    const second = await createRequest(bob!, 'Books', 2_000);
    await socket.next((m) => m.type === 'REQUEST_UPDATED' && m.requestId === second.id);

    socket.send({ type: 'RESYNC_REQUEST', requestId: 'r1', timestamp: Date.now() });
    const resync = await socket.next((m) => m.type === 'RESYNC_RESPONSE');
    const queued = (resync.data as { dashboard: { queuedRequests: { id: string; queuePosition: number }[] } })
      .dashboard.queuedRequests;
    expect(queued).toMatchObject([{ id: second.id, queuePosition: 1 }]);

    const from = socket.messages.length;
    await contribute(cat!, first.id, 1_000, { message: 'Ecco' });
    await socket.next((m) => m.type === 'REQUEST_UPDATED' && m.requestId === first.id, 5000, from);
    await socket.next((m) => m.type === 'REQUEST_UPDATED' && m.requestId === second.id, 5000, from);
    await socket.next((m) => m.type === 'NOTIFICATION_CREATED', 5000, from);
    // Names and ids only: the amount and the message stay off the wire.
    expect(JSON.stringify(socket.messages.slice(from))).not.toMatch(/amountCents|Ecco/);
  });
});
