import { emptyFund, evolve } from '@giro/domain/fund/evolve';
import type { FundEvent } from '@giro/domain/fund/fund-types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications, securityEvents } from '../src/db/schema';
import { register } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * During a rolling upgrade the release before reads rows the new one wrote (docs/operations.md):
 * a notification type, a security event kind or a fund event it does not know. It leaves them
 * out rather than answering 500 for the member's whole list.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('rows a newer release wrote', () => {
  it('a notification type and a security event kind this release does not know are left out of the lists', async () => {
    const { client, response } = await register(t.app);
    const userId = response.json<{ id: string }>().id;
    const organizationId = (await client.get('/api/family')).json<{ id: string }>().id;
    await t.database.db.insert(notifications).values([
      { userId, organizationId, type: 'a_type_from_a_newer_release', data: {} },
      { userId, organizationId, type: 'request_completed', data: {} },
    ]);
    const list = await client.get('/api/user-notifications');
    expect(list.statusCode).toBe(200);
    expect(list.json().notifications.map((n: { type: string }) => n.type)).toEqual(['request_completed']);

    await t.database.db.insert(securityEvents).values({ userId, kind: 'a_kind_from_a_newer_release' });
    const events = await client.get('/api/security-events');
    expect(events.statusCode).toBe(200);
    expect(events.json().events.map((e: { kind: string }) => e.kind)).toEqual(['account_created']);
  });

  it('a fund event this release does not know changes nothing in a replay', () => {
    const state = emptyFund('fund-1');
    const unknown = { type: 'AnEventFromANewerRelease', at: 1 } as unknown as FundEvent;
    expect(evolve(state, unknown)).toBe(state);
  });
});
