import type { FundView } from '@giro/contract/fund';
import { checkJournal, ledgerAccount, memberTotals } from '@giro/domain/ledger';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJournal } from '../src/db/ledger.repository';
import {
  connectPayoutAccount,
  DAY,
  fastForward,
  fundOf,
  type Member,
  notificationTypes,
  organizationOf,
} from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { card, contribute, createRequest, details, operations, setRequestEnd } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
/** What a member was told of expulsions, newest first. */
const heard = async (m: Member) => (await notificationTypes(m)).filter((type) => /expelled/.test(type));
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** Three members in their first round; `missing` never pays and the other two vote to expel them. */
async function expel(members: Member[], missing: Member) {
  const fund = await fundOf(members[0]!);
  const recipient = recipientOf(members, fund);
  const payer = payersOf(members, fund).find((m) => m.id !== missing.id)!;
  await openWindow(members[0]!);
  await act(payer, 'contributions', { method: 'manual' });
  const { contributions } = (
    await recipient.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
  ).json<{ contributions: { id: string }[] }>();
  for (const c of contributions) await act(recipient, `contributions/${c.id}/confirm-receipt`);
  await fastForward(members[0]!, 7 * DAY);
  const vote = (await fundOf(recipient)).round!.emergencies[0]!;
  for (const voter of [payer, recipient]) await act(voter, `emergency-votes/${vote.id}`, { choice: 'expel' });
  expect((await missing.client.get('/api/family')).statusCode).toBe(404);
  return { payer, recipient };
}

/**
 * Four members in their first round: one pays by hand (confirmed), two never pay, and the window
 * closes: a vote opens on each of the two. `voteOn` names the path of the vote on a member.
 */
async function twoMissed(members: Member[], fund: FundView) {
  const recipient = recipientOf(members, fund);
  const [payer, first, second] = payersOf(members, fund) as [Member, Member, Member];
  await openWindow(payer);
  await act(payer, 'contributions', { method: 'manual' });
  const { contributions } = (
    await recipient.client.get(`/api/rotating-fund/${fund.id}/monthly-contributions`)
  ).json<{ contributions: { id: string }[] }>();
  for (const c of contributions) await act(recipient, `contributions/${c.id}/confirm-receipt`);
  await fastForward(payer, 7 * DAY);
  const votes = (await fundOf(recipient)).round!.emergencies;
  const voteOn = (m: Member) => `emergency-votes/${votes.find((v) => v.memberId === m.id)!.id}`;
  return { recipient, payer, first, second, voteOn };
}

describe('an expelled member (SPEC: permanent removal from the organization)', () => {
  it('their funding requests end with them: the active one stops collecting and gives back what it held, and the family’s queue moves on', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const missing = payersOf(members, fund)[0]!;
    const active = await createRequest(missing, 'Scooter', 30_000);
    const other = members.find((m) => m.id !== missing.id)!;
    const queuedOther = await createRequest(other, 'Books', 5_000);
    await contribute(other, active.id, 2_500);
    await t.flushOutbox();
    const { payer } = await expel(members, missing);

    const ended = await details(payer, active.id);
    expect(ended.status).toBe('cancelled');
    expect(ended.contributors.every((c) => c.refunded)).toBe(true);
    // The family's own queue moves on to the next request.
    expect((await details(payer, queuedOther.id)).status).toBe('active');
    const more = await payer.client.post(`/api/requests/${active.id}/contributions`, {
      amountCents: 1_000,
      ...card(),
    });
    expect(more.statusCode).toBe(409);
    await t.flushOutbox();
    // Held four days, the card was captured early (ADR 0048); the cancel gives it back.
    expect(await operations(t)).toEqual(['capture:2500', 'charge:2500', 'refund:2500']);
  });

  it('an active request whose 30 days ended, not yet ended by the deadline worker, ends as expired and does not stop the expulsion', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const missing = payersOf(members, fund)[0]!;
    const active = await createRequest(missing, 'Scooter', 30_000);
    // Its end falls a day from now, inside the two weeks below; the worker looks at it later.
    await setRequestEnd(t, missing, active.id, t.clock.now().getTime() + DAY * 60_000);
    const { payer } = await expel(members, missing);
    expect((await details(payer, active.id)).status).toBe('expired');
  });

  it('a payout that failed stays theirs (ADR 0057): told where, they see their request alone, from outside, and retry it once they can be paid', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const missing = payersOf(members, fund)[0]!;
    const other = members.find((m) => m.id !== missing.id)!;
    const organizationId = (await other.client.get('/api/family')).json<{ id: string }>().id;
    const request = await createRequest(missing, 'Boiler', 2_000);
    await contribute(other, request.id, 2_000);
    await t.flushOutbox(); // no payout account: the payout fails after the capture
    expect((await details(missing, request.id)).payout).toMatchObject({ status: 'failed', netCents: 1_900 });
    // In the family, the money waiting for them is listed too (their home shows it); to them only.
    const owedHere = (await missing.client.get('/api/requests/payouts-owed')).json();
    expect(owedHere).toEqual({
      requests: [{ id: request.id, title: 'Boiler', netCents: 1_900, status: 'failed' }],
    });
    expect((await other.client.get('/api/requests/payouts-owed')).json()).toEqual({ requests: [] });
    await expel(members, missing);

    // Told again, with the way to the request's own page (the list of Requests is closed to them).
    const page = `/requests/${request.id}`;
    const notices = (await missing.client.get('/api/user-notifications')).json<{
      notifications: { type: string; link: string }[];
    }>().notifications;
    expect(notices.filter((n) => n.type === 'request_payout_failed').map((n) => n.link)).toEqual([
      page,
      page,
    ]);
    // Their expulsion said to them, leading home (where the way into another family is); the
    // others hear it of them.
    expect(notices.filter((n) => /expelled/.test(n.type)).map((n) => [n.type, n.link])).toEqual([
      ['you_were_expelled', '/'],
    ]);
    const told = (await other.client.get('/api/user-notifications')).json<{
      notifications: { type: string }[];
    }>();
    expect(told.notifications.filter((n) => /expelled/.test(n.type)).map((n) => n.type)).toEqual([
      'member_expelled',
    ]);
    // A way back that lasts, whatever became of the notices.
    const owed = async () => (await missing.client.get('/api/requests/payouts-owed')).json().requests;
    expect(await owed()).toEqual([{ id: request.id, title: 'Boiler', netCents: 1_900, status: 'failed' }]);
    expect((await other.client.get('/api/requests/payouts-owed')).json()).toEqual({ requests: [] });
    // That request alone, nothing else of the family.
    const seen = await missing.client.get(`/api${page}`);
    expect(seen.json()).toMatchObject({ id: request.id, payout: { status: 'failed', netCents: 1_900 } });
    expect((await missing.client.get('/api/requests')).json().code).toBe('NOT_IN_ORGANIZATION');
    const queued = await createRequest(other, 'Books', 5_000);
    expect((await missing.client.get(`/api/requests/${queued.id}`)).json().code).toBe('NOT_IN_ORGANIZATION');
    // Nobody else from outside sees it or retries it.
    const [stranger] = await organizationOf(t, 1);
    expect((await stranger!.client.get(`/api${page}`)).statusCode).toBe(404);
    expect((await stranger!.client.post(`/api${page}/retry-payout`)).json().code).toBe('REQUEST_NOT_FOUND');

    const retry = () => missing.client.post(`/api${page}/retry-payout`);
    expect((await retry()).json().code).toBe('PAYOUT_ACCOUNT_REQUIRED');
    // Nor may they delete the account and leave it unpaid for good; told where it waits.
    const deletion = () =>
      missing.client.post('/api/user/delete-request', { password: 'correct horse battery' });
    missing.client.language = 'it';
    const refused = await deletion();
    expect({
      status: refused.statusCode,
      code: refused.json().code,
      message: refused.json().message,
    }).toEqual({
      status: 409,
      code: 'PAYOUT_OWED_ELSEWHERE',
      message: expect.stringContaining('«Erogazioni che ti aspettano»'),
    });
    // In another family by now, it is still theirs.
    const { inviteCode } = (await stranger!.client.get('/api/family')).json<{ inviteCode: string }>();
    expect((await missing.client.post('/api/family/join', { inviteCode })).statusCode).toBe(200);
    expect((await missing.client.get(`/api${page}`)).statusCode).toBe(200);
    expect(await owed()).toHaveLength(1);
    await connectPayoutAccount(missing);
    const retried = await retry();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: request.id, payout: { status: 'pending' } });
    expect(retried.json().contributors.map((c: { name: string }) => c.name)).toHaveLength(1);
    expect(await owed()).toEqual([expect.objectContaining({ id: request.id, status: 'pending' })]);
    await t.flushOutbox();
    expect((await details(other, request.id)).payout?.status).toBe('paid');
    const journal = await readJournal(t.database.db, organizationId);
    expect(checkJournal(journal, [ledgerAccount.requestEscrow(request.id)])).toEqual([]);
    expect(memberTotals(journal, missing.id).receivedCents).toBe(1_900);
    // Paid: they see it was, and there is nothing left to retry.
    expect(await owed()).toEqual([]);
    expect((await missing.client.get(`/api${page}`)).json().payout.status).toBe('paid');
    expect((await retry()).statusCode).toBe(409);
    expect((await deletion()).statusCode).toBe(200);
  });

  it('the family hears of an expulsion, in the rotation or not; one expelled before hears nothing more of it', async () => {
    const members = await organizationOf(t, 4);
    const fund = await activeFund(members);
    // Joined once the cycle ran: no participant, but a member of the family all the same.
    const [late] = await organizationOf(t, 1);
    const { inviteCode } = (await members[0]!.client.get('/api/family')).json<{ inviteCode: string }>();
    expect((await late!.client.post('/api/family/join', { inviteCode })).statusCode).toBe(200);
    const { recipient, payer, first, second, voteOn } = await twoMissed(members, fund);
    for (const voter of [payer, recipient]) await act(voter, voteOn(first), { choice: 'expel' });
    await act(second, voteOn(first), { choice: 'wait' });
    expect((await first.client.get('/api/family')).statusCode).toBe(404);
    for (const voter of [payer, recipient]) await act(voter, voteOn(second), { choice: 'expel' });
    expect((await second.client.get('/api/family')).statusCode).toBe(404);

    expect(await heard(first)).toEqual(['you_were_expelled']);
    expect(await heard(second)).toEqual(['you_were_expelled', 'member_expelled']);
    expect(await heard(payer)).toEqual(['member_expelled', 'member_expelled']);
    expect(await heard(late!)).toEqual(['member_expelled', 'member_expelled']);
  });

  it('two expelled by one vote (the first completes the vote on the second): neither hears of the other', async () => {
    const members = await organizationOf(t, 4);
    const fund = await activeFund(members);
    const { recipient, payer, first, second, voteOn } = await twoMissed(members, fund);
    for (const voter of [payer, recipient]) {
      await act(voter, voteOn(first), { choice: 'expel' });
      await act(voter, voteOn(second), { choice: 'expel' });
    }
    // The last vote on the second expels them, and without them the vote on the first is complete.
    await act(first, voteOn(second), { choice: 'wait' });
    for (const m of [first, second]) expect((await m.client.get('/api/family')).statusCode).toBe(404);
    const heard = async (m: Member) => (await notificationTypes(m)).filter((type) => /expelled/.test(type));
    expect(await heard(first)).toEqual(['you_were_expelled']);
    expect(await heard(second)).toEqual(['you_were_expelled']);
    expect(await heard(payer)).toEqual(['member_expelled', 'member_expelled']);
  });

  it('cannot come back by the invite code the family still shares; another family they may join', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const missing = payersOf(members, fund)[0]!;
    const { inviteCode } = (await members[0]!.client.get('/api/family')).json<{ inviteCode: string }>();
    const { payer } = await expel(members, missing);
    missing.client.language = 'it';
    const back = await missing.client.post('/api/family/join', { inviteCode });
    expect({ status: back.statusCode, body: back.json() }).toMatchObject({
      status: 403,
      body: {
        code: 'EXPELLED_FROM_ORGANIZATION',
        message: 'I membri di questa organizzazione ti hanno escluso: non puoi rientrarvi.',
      },
    });
    expect((await payer.client.get('/api/family')).json().memberCount).toBe(2);
    const [elsewhere] = await organizationOf(t, 1);
    const { inviteCode: otherCode } = (await elsewhere!.client.get('/api/family')).json<{
      inviteCode: string;
    }>();
    expect((await missing.client.post('/api/family/join', { inviteCode: otherCode })).statusCode).toBe(200);
  });
});
