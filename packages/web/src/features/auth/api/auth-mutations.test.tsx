import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberPushedMember } from '../../../lib/push-member';
import { createQueryClient } from '../../../lib/query-client';
import { fakeServer, testUser } from '../../../test/render-page';
import { useLogin, useLogout } from './auth-mutations';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
});

const endpoint = 'https://push.example.net/send/abc';

/** The browser's push side (the outside world): one subscription, made for `member`. */
function browserSubscribedFor(member: string, registration: () => Promise<unknown> = async () => undefined) {
  let current: { endpoint: string; unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  current = { endpoint, unsubscribe };
  vi.stubEnv('DEV', false);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      getRegistration: async () => {
        await registration();
        return { pushManager: { getSubscription: async () => current } };
      },
    },
  });
  rememberPushedMember(member);
  return { unsubscribe };
}

function hook<T>(use: () => T) {
  const client = createQueryClient();
  return renderHook(use, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  }).result;
}

describe('a shared phone: pushes stop with the member who signed out', () => {
  it('signing out removes this browser’s subscription on the server, then in the browser, then ends the session', async () => {
    const browser = browserSubscribedFor('u1');
    const calls = fakeServer({
      'DELETE /api/push/subscriptions': { ok: true },
      'POST /api/logout': { ok: true },
    });
    const logout = hook(useLogout);
    await act(() => logout.current.mutateAsync());
    const made = calls.filter((call) => call.url !== '/api/csrf-token');
    expect(made.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/push/subscriptions',
      'POST /api/logout',
    ]);
    expect(made[0]!.body).toEqual({ endpoint });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('giro.pushMember')).toBeNull();
  });

  it('signs out all the same when the browser’s push side fails', async () => {
    browserSubscribedFor('u1', async () => {
      throw new Error('the service worker is gone');
    });
    const calls = fakeServer({ 'POST /api/logout': { ok: true } });
    const logout = hook(useLogout);
    await act(() => logout.current.mutateAsync());
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /api/logout');
  });

  it('another member signing in gives up the subscription made for the one before; the same member keeps it', async () => {
    const browser = browserSubscribedFor('someone-else');
    const calls = fakeServer({
      'POST /api/login': testUser({ id: 'u1' }),
      'PATCH /api/user/language': testUser({ id: 'u1' }),
    });
    const login = hook(useLogin);
    await act(() => login.current.mutateAsync({ username: 'anna', password: 'una password lunga' }));
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    // Not the new member's to remove on the server: the push service's 410 tells it.
    expect(calls.some((call) => call.url === '/api/push/subscriptions')).toBe(false);
    expect(localStorage.getItem('giro.pushMember')).toBeNull();

    const same = browserSubscribedFor('u1');
    await act(() => login.current.mutateAsync({ username: 'anna', password: 'una password lunga' }));
    expect(same.unsubscribe).not.toHaveBeenCalled();
    expect(localStorage.getItem('giro.pushMember')).toBe('u1');
  });
});
