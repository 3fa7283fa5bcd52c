import type { ClientMessage } from '@giro/contract/socket';
import type { SocketState } from './realtime-status';

/**
 * The real-time channel of SPEC §4 and api.md (WebSocket /ws). The upgrade's cookie is the
 * credential, so AUTHENTICATE carries no secret. Every event invalidates the SPEC §7 query keys;
 * each organization event has a sequence number, and a gap means something was missed: resync.
 */
export const HEARTBEAT_MS = 30_000;
export const RESYNC_DELAY_MS = 100;
export const MAX_RECONNECTS = 5;
export const POLL_MS = 10_000;

/** Reconnect n (1-based) waits 1 s doubled each time, capped at 30 s (SPEC §9). */
export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 30_000);
/**
 * 1012 "Service Restart": the instance is shutting down on purpose (issue 19). Not a failure:
 * reconnect at once, to another instance, within a short random spread so that all of an
 * instance's sockets do not arrive in the same millisecond.
 */
export const SERVICE_RESTART = 1012;
const RESTART_SPREAD_MS = 500;

/**
 * The SPEC §7 refresh list. Per-fund keys are ['/api/rotating-fund', id, part], so the first
 * key invalidates them too (query keys match by prefix).
 */
export const realtimeKeys: readonly (readonly string[])[] = [
  ['/api/rotating-fund'],
  ['/api/dashboard'],
  ['/api/monthly-contributions'],
  ['/api/user-notifications'],
  ['/api/family/members'],
  // REQUEST_UPDATED: the overview, and by prefix every request's details.
  ['/api/requests'],
  // NOTIFICATION_CREATED when a card payment waits for its payer's confirmation.
  ['/api/payments/confirmations'],
  // Debts between members (a cover, a round paid out, a repayment declared or settled) change
  // with a fund event or a notification, never by a request of the member who sees them.
  ['/api/debts'],
];
export const testTimeKey = ['/api/test/time'] as const;

/** The part of the browser's WebSocket this client uses, so tests can hand it a fake. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
}

export interface SocketClientOptions {
  url: string;
  invalidate: (queryKey: readonly unknown[]) => void;
  clock: { shiftMinutes(minutes: number): void; reset(): void };
  onState?: (state: SocketState) => void;
  createSocket?: (url: string) => SocketLike;
}

type Message = { type?: unknown; seq?: unknown; minutes?: unknown };
type Timer = ReturnType<typeof setTimeout> | undefined;
const OPEN = 1;

export function createSocketClient(options: SocketClientOptions) {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  let socket: SocketLike | null = null;
  let state: SocketState = 'idle';
  let attempts = 0;
  let lastSeq: number | null = null;
  let requests = 0;
  let authenticated = false;
  let authRetried = false;
  let stopped = true;
  let heartbeat: Timer;
  let polling: Timer;
  let pending: Timer;

  const setState = (next: SocketState) => {
    state = next;
    options.onState?.(next);
  };
  const send = (message: ClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  const invalidateAll = () => {
    for (const key of realtimeKeys) options.invalidate(key);
  };

  function resync() {
    if (!authenticated || socket?.readyState !== OPEN) return;
    requests += 1;
    send({ type: 'RESYNC_REQUEST', requestId: `resync-${Date.now()}-${requests}`, timestamp: Date.now() });
    setState('resyncing');
  }

  /** Returns false for a duplicate; sends RESYNC_REQUEST when a sequence number was skipped. */
  function checkSequence(seq: unknown): boolean {
    if (typeof seq !== 'number') return true;
    if (lastSeq !== null && seq <= lastSeq) return false;
    const hasGap = lastSeq !== null && seq > lastSeq + 1;
    lastSeq = seq;
    if (hasGap) resync();
    return true;
  }

  function onMessage(message: Message) {
    switch (message.type) {
      case 'AUTHENTICATED':
        authenticated = true;
        attempts = 0;
        if (typeof message.seq === 'number') lastSeq = message.seq;
        setState('authenticated');
        clearTimeout(pending);
        pending = setTimeout(resync, RESYNC_DELAY_MS);
        return;
      case 'AUTHENTICATION_REQUIRED':
        if (!authRetried) send({ type: 'AUTHENTICATE' });
        authRetried = true;
        return;
      case 'HEARTBEAT_RESPONSE':
        return;
      case 'RESYNC_RESPONSE':
        if (typeof message.seq === 'number') lastSeq = Math.max(lastSeq ?? 0, message.seq);
        setState('live');
        invalidateAll();
        return;
      case 'TIME_FAST_FORWARD':
      case 'TIME_RESET':
        if (message.type === 'TIME_RESET') options.clock.reset();
        else if (typeof message.minutes === 'number') options.clock.shiftMinutes(message.minutes);
        options.invalidate(testTimeKey);
        invalidateAll();
        return;
      default:
        if (typeof message.type === 'string' && checkSequence(message.seq)) invalidateAll();
    }
  }

  function connect() {
    if (stopped) return;
    setState('connecting');
    authenticated = false;
    authRetried = false;
    const current = create(options.url);
    socket = current;
    current.onopen = () => {
      setState('open');
      send({ type: 'AUTHENTICATE' });
      heartbeat = setInterval(() => send({ type: 'HEARTBEAT' }), HEARTBEAT_MS);
    };
    current.onmessage = (event) => {
      try {
        onMessage(JSON.parse(String(event.data)) as Message);
      } catch {
        // not JSON: ignore it, as the server ignores what it does not understand
      }
    };
    current.onclose = (event) => onClose(current, event);
  }

  function onClose(closed: SocketLike, event: { code: number; reason: string }) {
    if (closed !== socket) return;
    socket = null;
    authenticated = false;
    clearInterval(heartbeat);
    clearTimeout(pending);
    // A normal close, or one for want of a session (signed out), is not retried.
    if (stopped || event.code === 1000 || event.reason === 'No session found') return setState('closed');
    if (event.code === SERVICE_RESTART) {
      setState('reconnecting');
      pending = setTimeout(connect, Math.random() * RESTART_SPREAD_MS);
      return;
    }
    attempts += 1;
    if (attempts > MAX_RECONNECTS) return startPolling();
    setState('reconnecting');
    pending = setTimeout(connect, reconnectDelay(attempts));
  }

  const startPolling = () => {
    setState('polling');
    polling = setInterval(invalidateAll, POLL_MS);
  };
  const onFocus = () => resync();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') resync();
  };

  return {
    get state() {
      return state;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      window.addEventListener('focus', onFocus);
      document.addEventListener('visibilitychange', onVisibility);
      connect();
    },
    stop() {
      stopped = true;
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      clearInterval(heartbeat);
      clearInterval(polling);
      clearTimeout(pending);
      const open = socket;
      socket = null;
      open?.close(1000, 'bye');
      setState('closed');
    },
  };
}

export type SocketClient = ReturnType<typeof createSocketClient>;
