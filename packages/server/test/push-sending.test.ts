import { createPublicKey, verify } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptionsOf } from '../src/db/push-subscription.repository';
import { organizationOf } from './support/fund-members';
import { startPushReceiver } from './support/push-receiver';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
beforeEach(async () => {
  receiver = await startPushReceiver();
  t = await createTestApp({
    push: { vapidKeys: undefined, subject: 'mailto:ops@giro.test', extraOrigins: [receiver.origin] },
  });
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

describe('sending a push (issue 14)', () => {
  it('is VAPID-signed and encrypted for the browser, in the member’s language, once', async () => {
    const [member] = await organizationOf(t, 1);
    member!.client.language = 'it';
    await member!.client.post('/api/push/subscriptions', receiver.subscription());
    expect((await member!.client.post('/api/push/test')).json()).toEqual({ browsers: 1 });
    await t.flushOutbox();
    await t.flushOutbox();
    expect(receiver.received).toHaveLength(1);
    const [push] = receiver.received;
    expect(push!.path).toBe('/push/browser-1');
    expect(push!.payload).toEqual({
      title: 'Giro',
      body: 'Le notifiche arrivano su questo dispositivo.',
      url: '/account',
    });
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe('3600');
    expect(push!.headers.urgency).toBe('normal');
    // RFC 8292: "vapid t=<JWT signed with the private key>, k=<the public key>".
    const vapid = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(push!.headers.authorization ?? '');
    expect(vapid?.[2]).toBe(t.deps.vapid.publicKey);
    const [header, claims, signature] = vapid![1]!.split('.') as [string, string, string];
    const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    expect(json(header)).toMatchObject({ typ: 'JWT', alg: 'ES256' });
    expect(json(claims)).toMatchObject({ aud: receiver.origin, sub: 'mailto:ops@giro.test' });
    const point = Buffer.from(t.deps.vapid.publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = Buffer.from(`${header}.${claims}`);
    const valid = verify(
      'sha256',
      signed,
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    expect(valid).toBe(true);
  });

  it('a browser that unsubscribed (410) is removed; a busy push service (503) is tried again', async () => {
    const [member] = await organizationOf(t, 1);
    await member!.client.post('/api/push/subscriptions', receiver.subscription());
    receiver.answer(503);
    await member!.client.post('/api/push/test');
    await t.flushOutbox();
    expect(receiver.received).toHaveLength(1);
    expect(await pushSubscriptionsOf(t.deps.db, member!.id)).toHaveLength(1);
    // Past the backoff, the outbox tries again; gone now: the subscription goes.
    receiver.answer(410);
    t.clock.fastForward(5);
    await t.flushOutbox();
    expect(receiver.received).toHaveLength(2);
    expect(await pushSubscriptionsOf(t.deps.db, member!.id)).toHaveLength(0);
    t.clock.fastForward(60);
    await t.flushOutbox();
    expect(receiver.received).toHaveLength(2);
  });

  it('a member without a browser subscribed gets none', async () => {
    const [member] = await organizationOf(t, 1);
    expect((await member!.client.post('/api/push/test')).json()).toEqual({ browsers: 0 });
    await t.flushOutbox();
    expect(receiver.received).toHaveLength(0);
  });

  it('a push composed for one member is not sent once their browser has moved to another (a shared phone)', async () => {
    const [anna, bruno] = await organizationOf(t, 2);
    await anna!.client.post('/api/push/subscriptions', receiver.subscription());
    expect((await anna!.client.post('/api/push/test')).json()).toEqual({ browsers: 1 });
    // Before it is sent (held by quiet hours, or the outbox behind), Bruno turns pushes on there.
    await bruno!.client.post('/api/push/subscriptions', receiver.subscription());
    expect(await pushSubscriptionsOf(t.deps.db, anna!.id)).toHaveLength(0);
    await t.flushOutbox();
    await t.flushOutbox();
    expect(receiver.received).toHaveLength(0);
    expect(await pushSubscriptionsOf(t.deps.db, bruno!.id)).toHaveLength(1);
    // Bruno's own reach the browser.
    await bruno!.client.post('/api/push/test');
    await t.flushOutbox();
    await t.flushOutbox();
    expect(receiver.received).toHaveLength(1);
  });
});
