import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt, signedIn } from '../test/render-page';
import { Realtime } from './realtime';

/** The browser's WebSocket, faked: records the URLs opened and whether each was closed. */
const opened: { url: string; closed: boolean }[] = [];
class FakeWebSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  private readonly record: { url: string; closed: boolean };
  constructor(url: string) {
    this.record = { url, closed: false };
    opened.push(this.record);
  }
  send() {}
  close() {
    this.record.closed = true;
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  opened.length = 0;
});

describe('the real-time channel in the app shell', () => {
  it('opens /ws on the same origin for a member of an organization, and closes it on unmount', async () => {
    fakeServer(signedIn({ familyId: 'f1' }));
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const { unmount } = renderAt('/', <Realtime />);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]!.url).toBe(`ws://${window.location.host}/ws`);
    unmount();
    expect(opened[0]!.closed).toBe(true);
  });

  it('stays closed for a user without an organization (SPEC §4)', async () => {
    const calls = fakeServer(signedIn({ familyId: null }));
    vi.stubGlobal('WebSocket', FakeWebSocket);
    renderAt('/', <Realtime />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/session/check')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened).toHaveLength(0);
  });
});
