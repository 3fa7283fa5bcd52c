import type { FundView } from '@giro/contract/fund';
import { newPerson, register, type TestClient } from './client';
import type { TestApp } from './test-app';

export interface Member {
  id: string;
  name: string;
  client: TestClient;
}

/** First names apart, so that a text naming one member can be told from one naming another. */
const firstNames = ['Anna', 'Bruno', 'Carla', 'Dario', 'Elena', 'Fabio', 'Giulia', 'Luca', 'Marta', 'Nico'];

/**
 * An organization of `count` verified members (the first created it, the others joined by its
 * code), signed in, each with their own client, each named apart (Anna, Bruno, …).
 */
export async function organizationOf(t: TestApp, count: number): Promise<Member[]> {
  const members: Member[] = [];
  let inviteCode: string | undefined;
  for (let i = 0; i < count; i++) {
    const person = { ...newPerson(), firstName: firstNames[i % firstNames.length]! };
    if (i >= firstNames.length) person.firstName += String(Math.floor(i / firstNames.length));
    const { client, response } = await register(t.app, { person, ...(inviteCode ? { inviteCode } : {}) });
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
 * Connects a member's payout account the way a person does: create it, open the sandbox
 * provider's onboarding page, press "Complete onboarding" (or "Restrict").
 */
export async function connectPayoutAccount(
  member: Member,
  action: 'complete' | 'restrict' = 'complete',
): Promise<void> {
  const created = await member.client.post('/api/connect/account');
  if (created.statusCode !== 200) throw new Error(`connect: ${created.statusCode} ${created.body}`);
  const url = new URL(created.json<{ onboardingUrl: string }>().onboardingUrl);
  await finishOnboarding(member, `${url.pathname}${url.search}`, action);
}

export function finishOnboarding(member: Member, path: string, action: 'complete' | 'restrict') {
  return submitSandboxPage(member, path, action);
}

/** Opens one of the sandbox provider's pages and presses one of its buttons; the redirect's target. */
export async function submitSandboxPage(member: Member, path: string, action: string) {
  const page = await member.client.get(path);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (!csrf) throw new Error(`no sandbox form: ${page.statusCode}`);
  const done = await member.client.request(
    'POST',
    path,
    `action=${action}&_csrf=${encodeURIComponent(csrf)}`,
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  );
  if (done.statusCode !== 303) throw new Error(`sandbox page: ${done.statusCode} ${done.body}`);
  return done.headers.location as string;
}

export async function fundOf(member: Member): Promise<FundView> {
  return (await member.client.get('/api/rotating-fund')).json<FundView>();
}

/** The types of a member's notifications, newest first, as their alerts list them. */
export async function notificationTypes(member: Pick<Member, 'client'>): Promise<string[]> {
  return (await member.client.get('/api/user-notifications'))
    .json<{ notifications: { type: string }[] }>()
    .notifications.map((n) => n.type);
}

/** Moves the server's clock forward through the test-clock endpoint, processing what came due. */
export async function fastForward(member: Member, minutes: number): Promise<void> {
  const response = await member.client.post('/api/test/time/fast-forward', { minutes });
  if (response.statusCode !== 200) throw new Error(`fast-forward: ${response.statusCode} ${response.body}`);
}

export const HOUR = 60;
export const DAY = 24 * HOUR;
