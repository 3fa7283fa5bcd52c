import type { FundView } from '@giro/contract/fund';
import { connectPayoutAccount, DAY, fastForward, fundOf, type Member, organizationOf } from './fund-members';
import { card } from './request-steps';
import type { TestApp } from './test-app';

/** POSTs a fund command as this member; throws on anything but 200. */
export async function act(
  member: Member,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const fund = await fundOf(member);
  const response = await member.client.post(`/api/rotating-fund/${fund.id}/${path}`, body ?? {}, { headers });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json<FundView>();
}

/** Everyone votes `amountCents`, accepts, and votes `14d`: the first round is collecting. */
export async function activeFund(members: Member[], amountCents = 5000): Promise<FundView> {
  await members[0]!.client.post('/api/rotating-fund');
  for (const m of members) await act(m, 'votes/amount', { amountCents });
  for (const m of members) await act(m, 'votes/confirmation', { accept: true });
  for (const m of members) await act(m, 'votes/withdrawal-date', { option: '14d' });
  return fundOf(members[0]!);
}

/** Moves into the current round's contribution window (it opens 7 days before withdrawal). */
export async function openWindow(member: Member): Promise<void> {
  await fastForward(member, 7 * DAY + 1);
}

export const recipientOf = (members: Member[], fund: FundView) =>
  members.find((m) => m.id === fund.round?.recipientId)!;
export const payersOf = (members: Member[], fund: FundView) =>
  members.filter((m) => m.id !== fund.round?.recipientId);

/**
 * `count` members in their first round's open window, in the drawn order (the round's recipient
 * first), the recipient's payout account connected.
 */
export async function openRoundOf(t: TestApp, count: number) {
  const members = await organizationOf(t, count);
  const fund = await activeFund(members, 5000);
  const ordered = fund.order.map((id) => members.find((m) => m.id === id)!);
  await connectPayoutAccount(ordered[0]!);
  await openWindow(ordered[0]!);
  return { fund, ordered };
}

/** Three members in their first round, the recipient's account connected, both payers paid by card. */
export async function roundWithCardsPaid(t: TestApp, amountCents = 5000) {
  const members = await organizationOf(t, 3);
  const fund = await activeFund(members, amountCents);
  const recipient = recipientOf(members, fund);
  await connectPayoutAccount(recipient);
  await openWindow(members[0]!);
  for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
  return { members, fund, recipient };
}
