import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clock } from './clock-store';
import type { SocketState } from './realtime-status';
import { createSocketClient, realtimeKeys, reconnectDelay, type SocketLike } from './socket-client';

/** The browser's WebSocket is the outside world here: a fake that records what is sent. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  types() {
    return this.sent.map((m) => m.type);
  }
  count(type: string) {
    return this.sent.filter((m) => m.type === type).length;
  }
}

const latest = () => FakeSocket.all.at(-1)!;
const clients: { stop(): void }[] = [];

function setup() {
  const invalidated: string[] = [];
  const states: SocketState[] = [];
  const client = createSocketClient({
    url: 'ws://app.test/ws',
    invalidate: (key) => invalidated.push(key.join('/')),
    clock,
    onState: (state) => states.push(state),
    createSocket: (url) => new FakeSocket(url),
  });
  client.start();
  clients.push(client);
  return { client, invalidated, states };
}

/** Opens the latest socket and lets the server authenticate it and answer the resync. */
function connectAndSync(seq = 0) {
  latest().open();
  latest().receive({ type: 'AUTHENTICATED', familyId: 'f1', seq });
  vi.advanceTimersByTime(100);
  latest().receive({ type: 'RESYNC_RESPONSE', requestId: 'r', data: {}, seq });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  clock.reset();
});
afterEach(() => {
  for (const client of clients.splice(0)) client.stop();
  vi.useRealTimers();
});

describe('socket client (SPEC §4 real-time channel)', () => {
  it('goes connecting → open → authenticated → resync, authenticating without a secret', () => {
    const { client, states } = setup();
    expect(latest().url).toBe('ws://app.test/ws');
    latest().open();
    expect(latest().sent[0]).toEqual({ type: 'AUTHENTICATE' });
    latest().receive({ type: 'AUTHENTICATED', familyId: 'f1' });
    vi.advanceTimersByTime(99);
    expect(latest().types()).not.toContain('RESYNC_REQUEST');
    vi.advanceTimersByTime(1);
    const request = latest().sent.at(-1)!;
    expect(request).toMatchObject({ type: 'RESYNC_REQUEST', requestId: expect.any(String) });
    expect(typeof request.timestamp).toBe('number');
    latest().receive({ type: 'RESYNC_RESPONSE', requestId: request.requestId, data: {} });
    expect(states).toEqual(['connecting', 'open', 'authenticated', 'resyncing', 'live']);
    expect(client.state).toBe('live');
  });

  it('sends a heartbeat every 30 s and resyncs on window focus and when the page becomes visible', () => {
    setup();
    connectAndSync();
    vi.advanceTimersByTime(60_000);
    expect(latest().count('HEARTBEAT')).toBe(2);
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(latest().count('RESYNC_REQUEST')).toBe(3);
  });

  it('invalidates every SPEC §7 key on an event, skips duplicates and resyncs on a sequence gap', () => {
    const { invalidated } = setup();
    connectAndSync(4);
    invalidated.length = 0;
    latest().receive({ type: 'FUND_VOTE_CAST', fundId: 'x', familyId: 'f1', seq: 5, at: '' });
    expect(invalidated).toEqual(realtimeKeys.map((key) => key.join('/')));
    expect(invalidated).toEqual([
      '/api/rotating-fund',
      '/api/dashboard',
      '/api/monthly-contributions',
      '/api/user-notifications',
      '/api/family/members',
      '/api/requests',
      '/api/payments/confirmations',
      '/api/debts',
    ]);
    invalidated.length = 0;
    latest().receive({ type: 'FUND_VOTE_CAST', seq: 5 });
    expect(invalidated).toEqual([]);
    const before = latest().count('RESYNC_REQUEST');
    latest().receive({ type: 'NOTIFICATION_CREATED', seq: 8 });
    expect(latest().count('RESYNC_REQUEST')).toBe(before + 1);
    expect(invalidated).toHaveLength(realtimeKeys.length);
  });

  it('reconnects after a non-normal close with 1, 2, 4, 8, 16 s, then polls every 10 s', () => {
    const { invalidated, states } = setup();
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    for (const delay of [1000, 2000, 4000, 8000, 16_000]) {
      const sockets = FakeSocket.all.length;
      latest().drop();
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.all).toHaveLength(sockets);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(sockets + 1);
    }
    latest().drop();
    expect(states.at(-1)).toBe('polling');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(6);
    expect(invalidated.filter((key) => key === '/api/rotating-fund')).toHaveLength(6);
  });

  it('an authenticated connection resets the attempts; a normal close or "No session found" is not retried', () => {
    setup();
    latest().drop();
    vi.advanceTimersByTime(1000);
    connectAndSync();
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(3);
    latest().drop(1008, 'No session found');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('a server restarting on purpose (1012) is reconnected at once, and is not counted as a failure', () => {
    setup();
    for (let restart = 0; restart < 8; restart++) {
      const sockets = FakeSocket.all.length;
      latest().drop(1012, 'Server restarting');
      vi.advanceTimersByTime(500);
      expect(FakeSocket.all).toHaveLength(sockets + 1);
    }
    // Eight restarts in a row and still a socket, not polling; a real failure starts at 1 s.
    const sockets = FakeSocket.all.length;
    latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(sockets);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(sockets + 1);
  });

  it('TIME_FAST_FORWARD shifts the client clock and TIME_RESET puts it back', () => {
    const { invalidated } = setup();
    connectAndSync();
    const start = clock.now();
    latest().receive({ type: 'TIME_FAST_FORWARD', minutes: 60 * 24 });
    expect(clock.now() - start).toBe(24 * 3_600_000);
    expect(invalidated).toContain('/api/test/time');
    latest().receive({ type: 'TIME_RESET' });
    expect(clock.now() - start).toBe(0);
  });

  it('stop closes the socket normally and nothing reconnects', () => {
    const { client } = setup();
    connectAndSync();
    const socket = latest();
    client.stop();
    expect(socket.readyState).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.state).toBe('closed');
  });
});
