import type { FundView } from '@giro/contract/fund';
import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../mail/mailer';
import { InjectClient, solveCaptcha } from './inject-client';

export const DEMO_PASSWORD = 'giro-demo-2026';
const people = [
  { username: 'anna', firstName: 'Anna', lastName: 'Rossi', amountCents: 5000 },
  { username: 'bruno', firstName: 'Bruno', lastName: 'Bianchi', amountCents: 6000 },
  { username: 'carla', firstName: 'Carla', lastName: 'Verdi', amountCents: 5000 },
  { username: 'dario', firstName: 'Dario', lastName: 'Neri', amountCents: 7000 },
];
const MINUTES_PER_DAY = 24 * 60;
/** Seeding starts this far in the past, so that after its jump to the first window it is now. */
export const DEMO_HEAD_START_MINUTES = 7 * MINUTES_PER_DAY + 120;

export interface DemoMember {
  username: string;
  displayName: string;
  role: string;
}

/**
 * A demo organization through the real API, as four people would make it: a family, a fund
 * voted (median €55.00), accepted, a 14-day rhythm, the first round paid by hand and withdrawn;
 * the second round is open. The caller's clock must start `DEMO_HEAD_START_MINUTES` in the
 * past and the test clock be on (the seeder jumps to the first contribution window).
 */
export async function seedDemo(app: FastifyInstance, mailbox: OutgoingMail[]): Promise<DemoMember[]> {
  const clients = new Map<string, InjectClient>();
  const ids = new Map<string, string>();
  let inviteCode: string | undefined;
  for (const person of people) {
    const client = new InjectClient(app);
    const email = `${person.username}@demo.giro.local`;
    const response = await client.post('/api/register', {
      username: person.username,
      email,
      password: DEMO_PASSWORD,
      firstName: person.firstName,
      lastName: person.lastName,
      acceptTerms: true,
      captcha: await solveCaptcha(app),
      organization: inviteCode ? null : { name: 'Famiglia Rossi', type: 'family' },
      ...(inviteCode ? { inviteCode } : {}),
    });
    expectOk(response, `register ${person.username}`);
    ids.set(person.username, response.json<{ id: string }>().id);
    inviteCode ??= (await client.get('/api/family')).json<{ inviteCode: string }>().inviteCode;
    clients.set(person.username, client);
  }
  await verifyEmails(clients, mailbox);

  const anna = clients.get('anna')!;
  const fund = (await anna.post('/api/rotating-fund')).json<FundView>();
  const act = async (username: string, path: string, body: unknown = {}) =>
    expectOk(await clients.get(username)!.post(`/api/rotating-fund/${fund.id}/${path}`, body), path);
  for (const p of people) await act(p.username, 'votes/amount', { amountCents: p.amountCents });
  for (const p of people) await act(p.username, 'votes/confirmation', { accept: true });
  for (const p of people) await act(p.username, 'votes/withdrawal-date', { option: '14d' });
  expectOk(await anna.post('/api/test/time/fast-forward', { minutes: 7 * MINUTES_PER_DAY + 1 }), 'jump');

  const round = (await anna.get('/api/rotating-fund')).json<FundView>().round!;
  const recipient = people.find((p) => ids.get(p.username) === round.recipientId)!.username;
  for (const p of people)
    if (p.username !== recipient) await act(p.username, 'contributions', { method: 'manual' });
  const { contributions } = (await anna.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)).json<{
    contributions: { id: string }[];
  }>();
  for (const c of contributions) await act(recipient, `contributions/${c.id}/confirm-receipt`);
  await act(recipient, 'withdraw');

  const now = (await anna.get('/api/rotating-fund')).json<FundView>();
  return people.map((p) => {
    const id = ids.get(p.username)!;
    const role =
      id === now.round?.recipientId
        ? 'recipient of round 2'
        : p.username === recipient
          ? 'received round 1'
          : 'contributes in round 2';
    return { username: p.username, displayName: `${p.firstName} ${p.lastName}`, role };
  });
}

async function verifyEmails(clients: Map<string, InjectClient>, mailbox: OutgoingMail[]) {
  for (const [username, client] of clients) {
    const token = await linkToken(mailbox, `${username}@demo.giro.local`);
    expectOk(await client.post('/api/verify-email', { token }), `verify ${username}`);
  }
}

/** The verification link's token, once the outbox worker has sent the mail. */
async function linkToken(mailbox: OutgoingMail[], to: string): Promise<string> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const mail = mailbox.find((m) => m.to === to && /verify-email\?token=/.test(m.text));
    const token = mail && /verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no verification mail for ${to}`);
}

function expectOk(response: { statusCode: number; body: string }, what: string) {
  if (response.statusCode !== 200)
    throw new Error(`demo seed, ${what}: ${response.statusCode} ${response.body}`);
  return response;
}
