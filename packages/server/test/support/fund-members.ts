import type { FundView } from '@giro/contract/fund';
import { payoutAccounts } from '../../src/db/schema';
import { register, type TestClient } from './client';
import type { TestApp } from './test-app';

export interface Member {
  id: string;
  name: string;
  client: TestClient;
}

/**
 * An organization of `count` verified members (the first created it, the others joined by its
 * code), signed in, each with their own client.
 */
export async function organizationOf(t: TestApp, count: number): Promise<Member[]> {
  const members: Member[] = [];
  let inviteCode: string | undefined;
  for (let i = 0; i < count; i++) {
    const { client, person, response } = await register(t.app, inviteCode ? { inviteCode } : {});
    const user = response.json<{ id: string; displayName: string }>();
    await t.flushOutbox();
    const token = await t.mailer.waitForToken(person.email, '/verify-email');
    await client.post('/api/verify-email', { token });
    inviteCode ??= (await client.get('/api/family')).json<{ inviteCode: string }>().inviteCode;
    members.push({ id: user.id, name: user.displayName, client });
  }
  return members;
}

/**
 * Gives a member an active connected payout account. The connected-account flow arrives with
 * the payments issue; until then this stands for the provider having onboarded them.
 */
export async function connectPayoutAccount(t: TestApp, userId: string): Promise<void> {
  await t.database.db
    .insert(payoutAccounts)
    .values({
      userId,
      provider: 'sandbox',
      providerAccountId: `acct_${userId.slice(0, 8)}`,
      status: 'active',
    })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: { status: 'active' } });
}

export async function fundOf(member: Member): Promise<FundView> {
  return (await member.client.get('/api/rotating-fund')).json<FundView>();
}

/** Moves the server's clock forward through the test-clock endpoint, processing what came due. */
export async function fastForward(member: Member, minutes: number): Promise<void> {
  const response = await member.client.post('/api/test/time/fast-forward', { minutes });
  if (response.statusCode !== 200) throw new Error(`fast-forward: ${response.statusCode} ${response.body}`);
}

export const HOUR = 60;
export const DAY = 24 * HOUR;
