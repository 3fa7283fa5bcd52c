import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { organizationOf } from './support/fund-members';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('sessions and the test clock', () => {
  it('a jump of the test clock past a session lifetime does not sign anyone out', async () => {
    const [member] = await organizationOf(t, 1);
    expect(
      (await member!.client.post('/api/test/time/fast-forward', { minutes: 45 * 24 * 60 })).statusCode,
    ).toBe(200);
    expect((await member!.client.get('/api/session/check')).json()).toMatchObject({ authenticated: true });
    expect((await member!.client.get('/api/dashboard')).statusCode).toBe(200);
  });
});
