import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  organizations,
  passkeys,
  pushSubscriptions,
  sessions,
  usedCaptchas,
  users,
  userTokens,
} from '../src/db/schema';
import { hashToken } from '../src/security/tokens';
import { TestClient } from './support/client';
import { connectPayoutAccount, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf } from './support/fund-steps';
import { contribute, createRequest } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const push = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/cXVpZXQtZW5kcG9pbnQtb2YtYW5uYQ',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

interface Exported {
  format: string;
  exportedAt: string;
  profile: { username: string; email: string; emailVerified: boolean };
  organization: { name: string; type: string } | null;
  fundVotes: { kind: string; amountCents?: number }[];
  fundContributions: {
    method: string;
    status: string;
    recipient: string | null;
    amountCents: number;
    ledger: { kind: string; entries: { account: string; isOwn: boolean; amountCents: number }[] }[];
  }[];
  fundingRequests: { title: string; collectedCents: number }[];
  notifications: { type: string; title: string | null }[];
  pushSubscriptions: { endpointHost: string | null }[];
  sessions: { isCurrent: boolean }[];
  cookieConsents: { functional: boolean }[];
  passkeys: { name: string }[];
  paymentPreferences: { lastMethod: string | null };
}

/** A member who voted, paid a round by PayPal (so the ledger has their entries), asked for money. */
async function memberWithHistory(): Promise<{ member: Member; other: Member }> {
  const members = await organizationOf(t, 2);
  const fund = await activeFund(members);
  await openWindow(members[0]!);
  const [member] = payersOf(members, fund) as [Member];
  const other = members.find((m) => m !== member)!;
  await act(member, 'contributions', { method: 'paypal' });
  const request = await createRequest(member, 'Occhiali nuovi', 20_000);
  await contribute(other, request.id, 1500, { message: 'Per gli occhiali' });
  await member.client.post('/api/push/subscriptions', push);
  await member.client.post('/api/cookie-consent', { analytics: false, marketing: false, functional: true });
  // A reset token stored (hashed) for them, besides the verification token of their sign-up.
  await new TestClient(t.app).post('/api/forgot-password', {
    email: (await member.client.get('/api/user')).json<{ email: string }>().email,
  });
  await t.flushOutbox();
  return { member, other };
}

describe('the data export (issue 18)', () => {
  it('downloads everything stored about the member as a JSON file', async () => {
    const { member, other } = await memberWithHistory();
    await t.database.db.insert(passkeys).values({
      userId: member.id,
      credentialId: 'cred-id-that-must-not-leak',
      publicKey: 'pQECAyYgASFYIPublicKeyThatMustNotLeak',
      counter: 0,
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Telefono di Anna',
    });
    const response = await member.client.get('/api/account/export');
    expect(response.statusCode).toBe(200);
    const data = response.json<Exported>();
    const day = data.exportedAt.slice(0, 10);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(response.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="giro-export-${data.profile.username}-${day}.json"`,
      'cache-control': 'no-store',
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(data).toMatchObject({
      format: 'giro-export/1',
      profile: { username: user!.username, email: user!.email, emailVerified: true },
      organization: { name: 'Famiglia Bianchi', type: 'family' },
      fundingRequests: [{ title: 'Occhiali nuovi', collectedCents: 1500 }],
      pushSubscriptions: [{ endpointHost: 'fcm.googleapis.com' }],
      sessions: [{ isCurrent: true }],
      cookieConsents: [{ functional: true }],
      passkeys: [{ name: 'Telefono di Anna' }],
      paymentPreferences: { lastMethod: 'paypal' },
    });
    expect(data.fundVotes).toContainEqual(expect.objectContaining({ kind: 'amount', amountCents: 5000 }));
    // The PayPal contribution was captured: its booking left the member's funding source.
    expect(data.fundContributions).toMatchObject([
      { method: 'paypal', status: 'captured', amountCents: 5000, recipient: other.name },
    ]);
    expect(data.fundContributions[0]!.ledger).toMatchObject([
      {
        kind: 'contribution',
        entries: expect.arrayContaining([
          { account: 'funding', isOwn: true, amountCents: -5000, memberDisplayName: null },
        ]),
      },
    ]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.notifications[0]!.title).toEqual(expect.any(String));
  });

  it('holds none of the secrets, and nothing of other members but their display names', async () => {
    const { member, other } = await memberWithHistory();
    await t.database.db.insert(passkeys).values({
      userId: member.id,
      credentialId: 'cred-id-that-must-not-leak',
      publicKey: 'pQECAyYgASFYIPublicKeyThatMustNotLeak',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      name: 'Chiave',
    });
    const body = (await member.client.get('/api/account/export')).body;
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, member.id));
    const [otherUser] = await db.select().from(users).where(eq(users.id, other.id));
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, user!.familyId!));
    const sessionRows = await db.select().from(sessions).where(eq(sessions.userId, member.id));
    const tokens = await db.select().from(userTokens).where(eq(userTokens.userId, member.id));
    const [subscription] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.id));
    const captchas = await db.select().from(usedCaptchas);
    // The test app speaks plain http: the session cookie has no `__Host-` prefix.
    const cookie = member.client.cookie('giro.sid')!;
    const sessionId = cookie.slice(0, cookie.lastIndexOf('.'));
    expect(sessionRows.map((s) => s.idHash)).toContain(hashToken(sessionId));
    expect(tokens.length).toBeGreaterThanOrEqual(2); // the verification and the reset token
    expect(captchas.length).toBeGreaterThan(0);

    const secrets = {
      passwordHash: user!.passwordHash,
      sessionCookie: cookie,
      sessionId,
      sessionIdHash: hashToken(sessionId),
      ...Object.fromEntries(sessionRows.map((s, i) => [`sessionHash${i}`, s.idHash])),
      ...Object.fromEntries(tokens.map((row, i) => [`tokenHash${i}`, row.tokenHash])),
      ...Object.fromEntries(captchas.map((row, i) => [`captcha${i}`, row.id])),
      inviteCode: organization!.inviteCode,
      p256dh: subscription!.p256dh,
      auth: subscription!.auth,
      pushEndpointPath: new URL(subscription!.endpoint).pathname,
      passkeyPublicKey: 'pQECAyYgASFYIPublicKeyThatMustNotLeak',
      passkeyCredentialId: 'cred-id-that-must-not-leak',
      otherMembersEmail: otherUser!.email,
      otherMembersId: other.id,
    };
    const leaked = Object.entries(secrets).filter(([, secret]) => body.includes(secret));
    expect(leaked.map(([name]) => name)).toEqual([]);
    // What another member wrote with their gift is theirs: the request shows only its total.
    expect(body).not.toContain('Per gli occhiali');
  });

  it('a round paid out: the payer sees the contribution paid out, the recipient the payout and its booking', async () => {
    const { member, other: recipient } = await memberWithHistory();
    await connectPayoutAccount(recipient);
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    const payer = (await member.client.get('/api/account/export')).json<Exported>();
    expect(payer.fundContributions).toMatchObject([{ status: 'paid_out', amountCents: 5000 }]);
    const received = (await recipient.client.get('/api/account/export')).json<{
      fundPayouts: {
        cycleNumber: number;
        roundNumber: number;
        grossCents: number;
        feeCents: number;
        netCents: number;
        ledger: unknown[];
      }[];
      payoutAccount: { status: string; linked: boolean } | null;
      fundingRequests: unknown[];
      requestContributions: { amountCents: number; requestOwner: string | null; message: string | null }[];
    }>();
    const [payout] = received.fundPayouts;
    expect(payout).toMatchObject({ cycleNumber: 1, roundNumber: 1, grossCents: 5000 });
    expect(payout!.netCents + payout!.feeCents).toBe(5000);
    expect(payout!.ledger).toMatchObject([
      {
        kind: 'payout',
        entries: expect.arrayContaining([
          { account: 'payout', isOwn: true, memberDisplayName: null, amountCents: payout!.netCents },
          { account: 'platform:fees', isOwn: false, memberDisplayName: null, amountCents: payout!.feeCents },
        ]),
      },
    ]);
    expect(received).toMatchObject({
      payoutAccount: { status: 'active', linked: true },
      fundingRequests: [],
      // Their own gift to the member's request, with their own message.
      requestContributions: [{ amountCents: 1500, requestOwner: member.name, message: 'Per gli occhiali' }],
    });
  });

  it('is for signed-in members only', async () => {
    const anonymous = new TestClient(t.app);
    const response = await anonymous.get('/api/account/export');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});
