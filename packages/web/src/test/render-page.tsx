import type { User } from '@giro/contract/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useToastMessage } from '../components/ui/toast-store';
import { clearCsrfToken } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';

type Handler = unknown | ((body: unknown) => unknown);

/**
 * Test support for pages: a fake server (answers by "METHOD /path", 404 otherwise, recording
 * each call) and a render at a path inside the app's providers.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown; headers: Headers }[] = [];
  clearCsrfToken();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, headers: new Headers(init.headers) });
    if (url === '/api/csrf-token') return json(200, { csrfToken: 'token' });
    const key = `${method} ${url}`;
    if (!(key in routes)) return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
    const handler = routes[key];
    const answer = typeof handler === 'function' ? await (handler as (b: unknown) => unknown)(body) : handler;
    return answer instanceof Response ? answer : json(200, answer);
  });
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A promise that never settles: a request still in flight. */
export const pending = () => new Promise<never>(() => {});

export function signedIn(user: Partial<User> = {}): Record<string, unknown> {
  return {
    'GET /api/session/check': { authenticated: true, user: testUser(user) },
    'GET /api/user': testUser(user),
    'GET /api/config': { registration: 'open', testClock: false, payments: 'sandbox' },
  };
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    username: 'anna',
    email: 'anna@example.com',
    emailVerified: true,
    firstName: 'Anna',
    lastName: 'Bianchi',
    displayName: 'Anna Bianchi',
    languagePreference: 'it',
    paypalEmail: null,
    familyId: null,
    role: 'member',
    strikes: 0,
    memberSince: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** `client`: a query client the test has already filled, as main.tsx fills it before the first render. */
export function renderAt(path: string, ui: ReactNode, client = createQueryClient()) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>{ui}</Router>
    </QueryClientProvider>,
  );
  return { ...result, location };
}

/** The toast's title and description, as the toaster would show them. */
export function ToastProbe() {
  const message = useToastMessage();
  return <p data-testid="toast-probe">{message ? `${message.title}: ${message.description ?? ''}` : ''}</p>;
}
