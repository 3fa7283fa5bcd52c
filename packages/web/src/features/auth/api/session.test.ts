import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeServer, signedIn } from '../../../test/render-page';
import { sessionKey, sessionQueryFn, wasSignedIn } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const check = () => createQueryClient().fetchQuery({ queryKey: sessionKey, queryFn: sessionQueryFn });

describe('the signed-in hint (one round trip less before the first screen)', () => {
  it('is kept while the session check names a member, and goes when it does not', async () => {
    expect(wasSignedIn()).toBe(false);
    fakeServer(signedIn());
    await check();
    expect(wasSignedIn()).toBe(true);
    vi.unstubAllGlobals();
    fakeServer({ 'GET /api/session/check': { authenticated: false } });
    await check();
    expect(wasSignedIn()).toBe(false);
  });
});
