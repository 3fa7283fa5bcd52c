import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { pushSubscriptionsOf } from '../src/db/push-subscription.repository';
import { isAllowedPushEndpoint } from '../src/push/endpoint-policy';
import { loadVapidKeys } from '../src/push/vapid';
import { register } from './support/client';
import { organizationOf } from './support/fund-members';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({
    push: { vapidKeys: undefined, subject: 'mailto:ops@giro.test', extraOrigins: ['http://127.0.0.1:4999'] },
  });
});
afterEach(async () => t.close());

/** What a browser's PushSubscription.toJSON() gives, at `endpoint`. */
const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const fcm = 'https://fcm.googleapis.com/fcm/send/dXJ2Zk5vU0x0ZDg6QVBBOTFiRm';

describe('Web Push subscriptions (issue 14)', () => {
  it('the public key is the VAPID key, a 65-byte P-256 point in base64url', async () => {
    const [member] = await organizationOf(t, 1);
    const { publicKey } = (await member!.client.get('/api/push/public-key')).json();
    expect(publicKey).toBe(t.deps.vapid.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(0x04);
  });

  it('a browser push service’s endpoint is kept for the member, and goes when they say so', async () => {
    const [anna, bruno] = await organizationOf(t, 2);
    expect((await anna!.client.post('/api/push/subscriptions', subscription(fcm))).statusCode).toBe(200);
    // Again: the same one, not a second.
    expect((await anna!.client.post('/api/push/subscriptions', subscription(fcm))).statusCode).toBe(200);
    expect(await pushSubscriptionsOf(t.deps.db, anna!.id)).toMatchObject([{ endpoint: fcm }]);
    // Another member cannot remove it; the member can.
    await bruno!.client.request('DELETE', '/api/push/subscriptions', { endpoint: fcm });
    expect(await pushSubscriptionsOf(t.deps.db, anna!.id)).toHaveLength(1);
    expect(
      (await anna!.client.request('DELETE', '/api/push/subscriptions', { endpoint: fcm })).statusCode,
    ).toBe(200);
    expect(await pushSubscriptionsOf(t.deps.db, anna!.id)).toHaveLength(0);
  });

  it('a browser used by another member next moves to them', async () => {
    const [anna, bruno] = await organizationOf(t, 2);
    await anna!.client.post('/api/push/subscriptions', subscription(fcm));
    await bruno!.client.post('/api/push/subscriptions', subscription(fcm));
    expect(await pushSubscriptionsOf(t.deps.db, anna!.id)).toHaveLength(0);
    expect(await pushSubscriptionsOf(t.deps.db, bruno!.id)).toHaveLength(1);
  });

  it('any other address is refused with 400 in the member’s language, and nothing is kept', async () => {
    const [member] = await organizationOf(t, 1);
    member!.client.language = 'it';
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/push',
      'http://127.0.0.1:5000/api/admin',
      'https://evil.example/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
    ]) {
      const answer = await member!.client.post('/api/push/subscriptions', subscription(endpoint));
      expect(answer.statusCode, endpoint).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'PUSH_ENDPOINT_REFUSED',
        message: 'Il servizio di notifiche di questo browser non è tra quelli a cui Giro può inviare.',
      });
    }
    const malformed = await member!.client.post('/api/push/subscriptions', {
      endpoint: fcm,
      keys: { auth: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
    const farFuture = await member!.client.post('/api/push/subscriptions', {
      ...subscription(fcm),
      expirationTime: 1e20,
    });
    expect(farFuture.statusCode).toBe(400);
    expect(await pushSubscriptionsOf(t.deps.db, member!.id)).toHaveLength(0);
  });

  it('an origin the operator listed is allowed (the tests’ local receiver), http included', async () => {
    const [member] = await organizationOf(t, 1);
    const local = 'http://127.0.0.1:4999/push/abc';
    expect((await member!.client.post('/api/push/subscriptions', subscription(local))).statusCode).toBe(200);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4998/push/abc', ['http://127.0.0.1:4999'])).toBe(false);
  });

  it('an account’s deletion removes its subscriptions', async () => {
    const { client, person, response } = await register(t.app);
    const { id } = response.json<{ id: string }>();
    expect((await client.post('/api/push/subscriptions', subscription(fcm))).statusCode).toBe(200);
    await client.post('/api/user/delete-request', { password: person.password });
    await t.flushOutbox();
    const token = t.mailer.tokenFrom(person.email, '/delete-account-confirm');
    expect((await client.post('/api/user/delete', { token })).statusCode).toBe(200);
    expect(await pushSubscriptionsOf(t.deps.db, id)).toHaveLength(0);
  });

  it('is for signed-in members only', async () => {
    const [member] = await organizationOf(t, 1);
    await member!.client.post('/api/logout');
    expect((await member!.client.post('/api/push/subscriptions', subscription(fcm))).statusCode).toBe(401);
  });
});

describe('the VAPID keys', () => {
  it('come from the environment when given, else are generated once into DATA_DIR and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giro-vapid-'));
    try {
      const first = loadVapidKeys(dir, undefined, 'mailto:ops@giro.test');
      expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
      expect(loadVapidKeys(dir, undefined, 'mailto:ops@giro.test')).toEqual(first);
      const given = { publicKey: 'P'.repeat(87), privateKey: 'k'.repeat(43) };
      expect(loadVapidKeys(dir, given, 'mailto:x@y.z')).toEqual({ ...given, subject: 'mailto:x@y.z' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the configuration takes both keys or neither, a subject, and the extra origins', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'P'.repeat(87) })).toThrow(/go together/);
    const config = loadConfig({
      MAIL_FROM: 'Giro <ops@giro.example>',
      PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:4999/, https://push.internal.example',
    });
    expect(config.push).toEqual({
      vapidKeys: undefined,
      subject: 'mailto:ops@giro.example',
      extraOrigins: ['http://127.0.0.1:4999', 'https://push.internal.example'],
    });
  });
});
