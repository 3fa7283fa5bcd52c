import type { DebtView } from '@giro/contract/debts';
import type { FundView } from '@giro/contract/fund';
import { checkJournal, type LedgerTransaction, ledgerAccount } from '@giro/domain/ledger';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJournal } from '../src/db/ledger.repository';
import { memberDebts } from '../src/db/schema';
import { connectPayoutAccount, DAY, fastForward, fundOf, type Member } from './support/fund-members';
import { act, openRoundOf, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { card } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** Four members in their first round's open window: [recipient, sister, brother, cousin] by the drawn order. */
async function roundOfFour() {
  const { fund, ordered } = await openRoundOf(t, 4);
  const [recipient, sister, brother, cousin] = ordered as [Member, Member, Member, Member];
  const organizationId = (await recipient.client.get('/api/family')).json().id as string;
  return { fund, recipient, sister, brother, cousin, organizationId };
}

/** The sister covers the brother by card, the others pay, the recipient withdraws: the debt is open. */
async function payOutWithCover(recipient: Member, sister: Member, brother: Member, cousin: Member) {
  await act(sister, 'contributions', { ...card(), onBehalfOf: brother.id });
  for (const m of [sister, cousin]) await act(m, 'contributions', card());
  await act(recipient, 'withdraw');
  await t.flushOutbox();
}

/** The cycle's rounds after the first, each paid by card and withdrawn: the fund completes. */
async function payOutTheCycle(members: Member[]) {
  for (let round = 2; round <= members.length; round += 1) {
    const fund = await fundOf(members[0]!);
    const next = recipientOf(members, fund);
    await connectPayoutAccount(next);
    await openWindow(next);
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
    await act(next, 'withdraw');
    await t.flushOutbox();
  }
}

/** An account's balance in the organization's journal. */
const balanceOf = (journal: LedgerTransaction[], account: string) =>
  journal
    .flatMap((x) => x.entries)
    .filter((e) => e.account === account)
    .reduce((sum, e) => sum + e.amountCents, 0);

const debtsOf = async (member: Member) =>
  (await member.client.get('/api/debts')).json<{ debts: DebtView[] }>().debts;
const types = async (member: Member) =>
  (await member.client.get('/api/user-notifications'))
    .json<{ notifications: { type: string }[] }>()
    .notifications.map((n) => n.type);

describe('covering a member and the debt it makes (issue 16)', () => {
  it('a sister pays for her brother: he counts as paid, both see the debt, the recipient is told, the ledger balances', async () => {
    const { recipient, sister, brother, cousin, organizationId } = await roundOfFour();
    const covered = await act(sister, 'contributions', { ...card(), onBehalfOf: brother.id });
    expect(covered.round?.contributedBy).toEqual([brother.id]);
    // One contribution per member and round, whoever pays it.
    const again = await brother.client.post(`/api/rotating-fund/${covered.id}/contributions`, card());
    expect({ status: again.statusCode, code: again.json().code }).toEqual({
      status: 409,
      code: 'ALREADY_CONTRIBUTED',
    });
    await t.flushOutbox();
    // The card charged is the sister's.
    expect(t.payments.calls.at(-1)).toMatchObject({ op: 'charge', amountCents: 5000 });
    expect(await types(brother)).toContain('contribution_covered');
    expect(await types(recipient)).toContain('cover_received');
    const [pending] = await debtsOf(brother);
    expect(pending).toMatchObject({
      debtorId: brother.id,
      creditorId: sister.id,
      amountCents: 5000,
      status: 'pending',
    });
    expect(await debtsOf(sister)).toEqual([pending]);
    expect(await debtsOf(cousin)).toEqual([]);
    // Not due before the round pays out.
    const early = await brother.client.post(`/api/debts/${pending!.id}/settle`, { method: 'manual' });
    expect({ status: early.statusCode, code: early.json().code }).toEqual({
      status: 409,
      code: 'DEBT_NOT_DUE',
    });

    for (const m of [sister, cousin]) await act(m, 'contributions', card());
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    expect((await fundOf(recipient)).received).toHaveLength(1);
    const [open] = await debtsOf(sister);
    expect(open).toMatchObject({ id: pending!.id, status: 'open' });
    // Due now, and he is told so, naming her; nobody else is.
    const dueNotices = async (member: Member) =>
      (await member.client.get('/api/user-notifications'))
        .json<{ notifications: { type: string; body: string }[] }>()
        .notifications.filter((n) => n.type === 'debt_due');
    const [due] = await dueNotices(brother);
    expect(due?.body).toContain(sister.name);
    // And how much: the notice is read where the app is not open.
    expect(due?.body).toMatch(/50[,.]00/);
    for (const other of [sister, cousin, recipient]) expect(await dueNotices(other)).toEqual([]);
    // "You will repay her once the round is paid out" is no longer news: the call to repay says it.
    // The recipient's "she covered his contribution" is still true, and stays.
    expect(await types(brother)).not.toContain('contribution_covered');
    expect(await types(recipient)).toContain('cover_received');
    const journal = await readJournal(t.database.db, organizationId);
    expect(checkJournal(journal)).toEqual([]);
    const balance = (account: string) => balanceOf(journal, account);
    expect(balance(ledgerAccount.memberReceivable(sister.id))).toBe(5000);
    expect(balance(ledgerAccount.memberPayable(brother.id))).toBe(-5000);
    expect(balance(ledgerAccount.funding(sister.id))).toBe(-10_000);
    expect(balance(ledgerAccount.funding(brother.id))).toBe(0);
    // In the next round the brother's unpaid debt is a reason of the risk analysis, with its weight.
    const risk = (await sister.client.get(`/api/rotating-fund/${covered.id}/risk`)).json<{
      reasons: { code: string; memberId?: string; amountCents?: number; weight: number }[];
    }>();
    expect(risk.reasons).toContainEqual({
      code: 'unpaid_debt',
      weight: 8,
      memberId: brother.id,
      amountCents: 5000,
    });
  });

  it('a cash cover the recipient has not confirmed gives way to the member paying for themselves; the one who declared it is told', async () => {
    const { recipient, sister, brother } = await roundOfFour();
    const { id: fundId } = await act(sister, 'contributions', { method: 'manual', onBehalfOf: brother.id });
    const mine = async () =>
      (await brother.client.get(`/api/rotating-fund/${fundId}/monthly-contributions`))
        .json<{ contributions: { id: string; contributorId: string; method: string }[] }>()
        .contributions.filter((c) => c.contributorId === brother.id);
    const [cash] = await mine();
    expect(cash).toMatchObject({ method: 'manual' });
    // He pays by card himself: before, "already contributed" for a declaration not his own.
    await act(brother, 'contributions', card());
    expect(await mine()).toEqual([expect.objectContaining({ method: 'card' })]);
    const late = await recipient.client.post(
      `/api/rotating-fund/${fundId}/contributions/${cash!.id}/confirm-receipt`,
    );
    expect(late.statusCode).toBe(404);
    expect(await debtsOf(brother)).toEqual([]);
    const notices = (await sister.client.get('/api/user-notifications')).json<{
      notifications: { type: string; body: string }[];
    }>().notifications;
    expect(notices.filter((n) => n.type === 'cover_superseded')).toEqual([
      expect.objectContaining({ body: expect.stringContaining(brother.name) }),
    ]);
    // His export does not show two payments for one round: the cash one never was.
    const exported = (await brother.client.get('/api/account/export')).json<{
      fundContributions: { method: string; status: string }[];
    }>();
    expect(exported.fundContributions.map((c) => [c.method, c.status])).toEqual(
      expect.arrayContaining([
        ['manual', 'superseded'],
        ['card', expect.not.stringMatching(/failed|superseded/)],
      ]),
    );
  });

  it('a cover while the vote about the member is open closes the vote, with no strike', async () => {
    const { sister, brother, cousin } = await roundOfFour();
    for (const m of [sister, cousin]) await act(m, 'contributions', card());
    await fastForward(sister, 7 * DAY); // the window closes: a vote opens about the brother
    const voting = await fundOf(sister);
    expect(voting.round?.emergencies.map((v) => v.memberId)).toEqual([brother.id]);
    expect(voting.strikes[brother.id]).toBe(1);
    const after = await act(sister, 'contributions', { ...card(), onBehalfOf: brother.id });
    expect(after.round?.emergencies).toEqual([]);
    expect(after.strikes[brother.id]).toBe(0);
    expect(after.phase).toBe('awaiting_withdrawal');
    const profile = (await brother.client.get('/api/user')).json<{ strikes: number }>();
    expect(profile.strikes).toBe(0);
  });

  it('the debt is repaid by hand: declared by the debtor, confirmed by the creditor exactly once, replays and races included', async () => {
    const { recipient, sister, brother, cousin, organizationId } = await roundOfFour();
    await payOutWithCover(recipient, sister, brother, cousin);
    const [debt] = await debtsOf(brother);
    const url = (path: string) => `/api/debts/${debt!.id}/${path}`;

    // Only the debtor declares; through the platform only to a creditor who can receive, which
    // the debt says, so his screen offers only what would go through.
    expect(debt!.creditorCanReceive).toBe(false);
    expect((await sister.client.post(url('settle'), { method: 'manual' })).statusCode).toBe(403);
    brother.client.language = 'it';
    const byCard = await brother.client.post(url('settle'), card());
    expect({ status: byCard.statusCode, message: byCard.json().message }).toEqual({
      status: 409,
      message:
        'Questo membro non ha ancora collegato un conto per ricevere pagamenti: restituisci a mano e dichiaralo qui.',
    });
    expect((await cousin.client.post(url('settle'), { method: 'manual' })).statusCode).toBe(404);
    const headers = { 'idempotency-key': 'repay-0000001' };
    expect(await types(brother)).toContain('debt_due');
    const declared = await brother.client.post(url('settle'), { method: 'manual' }, { headers });
    // Done on his side: his call to repay is gone from his alerts.
    expect(await types(brother)).not.toContain('debt_due');
    const replay = await brother.client.post(url('settle'), { method: 'manual' }, { headers });
    expect(declared.statusCode).toBe(200);
    expect(replay.json()).toEqual(declared.json());
    expect((await brother.client.post(url('settle'), { method: 'manual' })).json().code).toBe(
      'DEBT_REPAYMENT_DECLARED',
    );
    await t.flushOutbox();
    expect(await types(sister)).toContain('debt_repayment_declared');

    // The creditor confirms twice at once: one settles, the other finds it settled.
    expect((await brother.client.post(url('confirm'))).statusCode).toBe(403);
    const answers = await Promise.all([
      sister.client.post(url('confirm')),
      sister.client.post(url('confirm')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // Answered, her call to answer it is gone from her alerts: it said the opposite of the debt.
    expect(await types(sister)).not.toContain('debt_repayment_declared');
    const [settled] = await debtsOf(brother);
    expect(settled).toMatchObject({ status: 'settled', settledAt: expect.any(String) });
    const journal = await readJournal(t.database.db, organizationId);
    expect(journal.filter((x) => x.kind === 'member-debt-repaid')).toHaveLength(1);
    expect(checkJournal(journal)).toEqual([]);
    const balance = (account: string) => balanceOf(journal, account);
    expect(balance(ledgerAccount.memberReceivable(sister.id))).toBe(0);
    expect(balance(ledgerAccount.memberPayable(brother.id))).toBe(0);
    await t.flushOutbox();
    expect(await types(brother)).toContain('debt_settled');
    // Both statements show the debt and its repayment; only the repayment moves the balance.
    const csv = (await brother.client.get('/api/statistics/me/statement.csv')).body.split('\r\n');
    expect(csv.filter((line) => line.includes('Debito tra membri')).map((line) => line.slice(11))).toEqual([
      'member-debt,"Debito tra membri: un contributo coperto (ciclo del fondo 1, turno 1)",-50.00,0.00',
      'member-debt-repaid,"Debito tra membri restituito (ciclo del fondo 1, turno 1)",50.00,0.00',
      'member-debt-repaid,"Debito tra membri restituito (ciclo del fondo 1, turno 1)",-50.00,-50.00',
    ]);
  });

  it('repaid, the covered contribution counts as the brother’s, once: in the family’s total, the leaderboard and both members’ totals', async () => {
    const { recipient, sister, brother, cousin } = await roundOfFour();
    await payOutWithCover(recipient, sister, brother, cousin);
    const [debt] = await debtsOf(brother);
    await brother.client.post(`/api/debts/${debt!.id}/settle`, { method: 'manual' });
    expect((await sister.client.post(`/api/debts/${debt!.id}/confirm`)).statusCode).toBe(200);

    // Every read of the totals: the dashboard (its snapshot), the family, its members, the statistics.
    const totals = async (member: Member) => {
      const { userStats, organization, leaderboard } = (await member.client.get('/api/dashboard')).json();
      const members = (await member.client.get('/api/family/members')).json().members;
      const statistics = (await member.client.get('/api/statistics/me')).json().totals;
      return {
        own: [userStats.totalGivenCents, userStats.totalReceivedCents, userStats.currentBalanceCents],
        statistics: [statistics.givenCents, statistics.receivedCents, statistics.balanceCents],
        family: [
          organization.totalContributionsCents,
          (await member.client.get('/api/family')).json().totalContributionsCents,
        ],
        given: Object.fromEntries(
          leaderboard.map((m: { id: string; totalGivenCents: number }) => [m.id, m.totalGivenCents]),
        ),
        listed: Object.fromEntries(
          members.map((m: { id: string; totalGivenCents: number }) => [m.id, m.totalGivenCents]),
        ),
      };
    };
    const given = { [recipient.id]: 0, [sister.id]: 5000, [brother.id]: 5000, [cousin.id]: 5000 };
    // Three contributions of 50 € entered the round; the repayment went from him to her, not through it.
    const family = [15_000, 15_000];
    expect(await totals(sister)).toEqual({
      own: [5000, 0, -5000],
      statistics: [5000, 0, -5000],
      family,
      given,
      listed: given,
    });
    expect(await totals(brother)).toMatchObject({ own: [5000, 0, -5000], statistics: [5000, 0, -5000] });
  });

  it('a declared repayment that never came is refused by the creditor: the debt is open again, to declare or pay anew', async () => {
    const { recipient, sister, brother, cousin, organizationId } = await roundOfFour();
    await payOutWithCover(recipient, sister, brother, cousin);
    const [debt] = await debtsOf(brother);
    const url = (path: string) => `/api/debts/${debt!.id}/${path}`;
    sister.client.language = 'it';
    const early = await sister.client.post(url('not-received'));
    expect({ status: early.statusCode, message: early.json().message }).toEqual({
      status: 409,
      message: "Non c'è una restituzione dichiarata di questo debito da respingere.",
    });
    expect((await brother.client.post(url('settle'), { method: 'manual' })).statusCode).toBe(200);
    // Only the creditor says it never came; someone outside the debt does not see it.
    expect((await brother.client.post(url('not-received'))).json().code).toBe('NOT_DEBT_PARTY');
    expect((await cousin.client.post(url('not-received'))).statusCode).toBe(404);
    const headers = { 'idempotency-key': 'refuse-000001' };
    const refused = await sister.client.post(url('not-received'), undefined, { headers });
    const replay = await sister.client.post(url('not-received'), undefined, { headers });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'open', repaymentDeclaredAt: null });
    expect(replay.json()).toEqual(refused.json());
    await t.flushOutbox();
    expect(await types(brother)).toContain('debt_repayment_not_received');
    expect(await types(sister)).not.toContain('debt_repayment_declared');
    // Nothing was booked for the declaration, and the debt can be declared again, then confirmed.
    let journal = await readJournal(t.database.db, organizationId);
    expect(journal.filter((x) => x.kind === 'member-debt-repaid')).toEqual([]);
    expect(
      (await brother.client.post(url('settle'), { method: 'manual' })).json().repaymentDeclaredAt,
    ).toEqual(expect.any(String));
    expect((await sister.client.post(url('confirm'))).json().status).toBe('settled');
    expect((await sister.client.post(url('not-received'))).json().code).toBe('DEBT_CLOSED');
    journal = await readJournal(t.database.db, organizationId);
    expect(journal.filter((x) => x.kind === 'member-debt-repaid')).toHaveLength(1);
    expect(checkJournal(journal)).toEqual([]);
  });

  it('a refused declaration leaves the platform’s way open: the debtor then pays by card', async () => {
    const { recipient, sister, brother, cousin } = await roundOfFour();
    await connectPayoutAccount(sister);
    await payOutWithCover(recipient, sister, brother, cousin);
    const [debt] = await debtsOf(brother);
    const url = (path: string) => `/api/debts/${debt!.id}/${path}`;
    await brother.client.post(url('settle'), { method: 'manual' });
    expect((await brother.client.post(url('settle'), card())).json().code).toBe('DEBT_REPAYMENT_DECLARED');
    await sister.client.post(url('not-received'));
    const paid = await brother.client.post(url('settle'), card());
    expect(paid.statusCode).toBe(200);
    await t.flushOutbox();
    await t.flushOutbox();
    expect((await debtsOf(brother))[0]!.status).toBe('settled');
  });

  it('a debt is settled between its two members after one of them has left the organization', async () => {
    const { recipient, sister, brother, cousin } = await roundOfFour();
    await payOutWithCover(recipient, sister, brother, cousin);
    const [debt] = await debtsOf(brother);
    const url = (path: string) => `/api/debts/${debt!.id}/${path}`;
    // The cycle's other rounds are paid out; then nothing holds either of them in the organization.
    const members = [recipient, sister, brother, cousin];
    await payOutTheCycle(members);
    expect((await fundOf(recipient)).phase).toBe('completed');
    expect((await brother.client.post('/api/family/leave')).statusCode).toBe(200);
    // Named by the debt itself: the brother is in no fund that would name his sister.
    expect(await debtsOf(brother)).toEqual([
      expect.objectContaining({ status: 'open', debtorName: brother.name, creditorName: sister.name }),
    ]);
    expect((await brother.client.post(url('settle'), { method: 'manual' })).statusCode).toBe(200);
    // Still nobody else's: a member of the organization who is not a party does not see it.
    expect((await cousin.client.post(url('confirm'))).statusCode).toBe(404);
    expect((await sister.client.post('/api/family/leave')).statusCode).toBe(200);
    const stats = async (member: Member) => {
      const { totalGivenCents, totalReceivedCents } = (await member.client.get('/api/dashboard')).json()
        .userStats;
      return [totalGivenCents, totalReceivedCents];
    };
    const [hers, his] = [await stats(sister), await stats(brother)];
    expect((await sister.client.post(url('confirm'))).statusCode).toBe(200);
    expect((await debtsOf(brother)).map((d) => d.status)).toEqual(['settled']);
    // In no family, their totals (read apart from any family's) move the cover from her to him.
    expect(await stats(sister)).toEqual([hers![0]! - 5000, hers![1]]);
    expect(await stats(brother)).toEqual([his![0]! + 5000, his![1]]);
  });

  it('a creditor who leaves a declared repayment unanswered for three days is asked once; a new declaration asks anew', async () => {
    const { recipient, sister, brother, cousin } = await roundOfFour();
    await payOutWithCover(recipient, sister, brother, cousin);
    const [debt] = await debtsOf(brother);
    const url = (path: string) => `/api/debts/${debt!.id}/${path}`;
    const asked = async () =>
      (await types(sister)).filter((type) => type === 'debt_repayment_unanswered').length;
    expect((await brother.client.post(url('settle'), { method: 'manual' })).statusCode).toBe(200);
    await fastForward(sister, 2 * DAY);
    expect(await asked()).toBe(0);
    await fastForward(sister, 1.5 * DAY);
    expect(await asked()).toBe(1);
    const notices = (await sister.client.get('/api/user-notifications')).json<{
      notifications: { type: string; body: string; link: string }[];
    }>().notifications;
    expect(notices.find((n) => n.type === 'debt_repayment_unanswered')).toMatchObject({
      link: '/',
      body: expect.stringContaining(brother.name),
    });
    await fastForward(sister, 2 * DAY);
    expect(await asked()).toBe(1);
    // She says it never came: answered, the ask is gone from her alerts. He declares again, and
    // that declaration is asked about in its turn.
    expect((await sister.client.post(url('not-received'))).statusCode).toBe(200);
    expect(await asked()).toBe(0);
    expect((await brother.client.post(url('settle'), { method: 'manual' })).statusCode).toBe(200);
    await fastForward(sister, 3.5 * DAY);
    expect(await asked()).toBe(1);
    // Answered, it is gone and asked about no more.
    expect((await sister.client.post(url('confirm'))).json().status).toBe('settled');
    expect(await asked()).toBe(0);
    await fastForward(sister, 4 * DAY);
    expect(await asked()).toBe(0);
  });

  it('a creditor who deletes the account writes off what she is owed: the debtor is told and may delete his own', async () => {
    const { recipient, sister, brother, cousin, organizationId } = await roundOfFour();
    await payOutWithCover(recipient, sister, brother, cousin);
    const [debt] = await debtsOf(brother);
    const members = [recipient, sister, brother, cousin];
    await payOutTheCycle(members);
    const email = (await sister.client.get('/api/session/check')).json<{ user: { email: string } }>().user
      .email;
    const password = { password: 'correct horse battery' };
    // A repayment on its way to her: the deletion waits until it lands (or fails).
    await t.database.db.update(memberDebts).set({ status: 'settling' }).where(eq(memberDebts.id, debt!.id));
    sister.client.language = 'it';
    const refused = await sister.client.post('/api/user/delete-request', password);
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
      status: 409,
      message:
        "La restituzione di un membro è in arrivo: elimina l'account quando sarà arrivata, tra pochi minuti.",
    });
    await t.database.db.update(memberDebts).set({ status: 'open' }).where(eq(memberDebts.id, debt!.id));
    expect(await types(brother)).toContain('debt_due');
    // Owing her, he may not delete his account; she may delete hers.
    expect((await brother.client.post('/api/user/delete-request', password)).statusCode).toBe(409);
    expect((await sister.client.post('/api/user/delete-request', password)).statusCode).toBe(200);
    await t.flushOutbox();
    const token = t.mailer.tokenFrom(email, '/delete-account-confirm');
    expect((await sister.client.post('/api/user/delete', { token })).statusCode).toBe(200);

    expect(await debtsOf(brother)).toEqual([]);
    const notices = (await brother.client.get('/api/user-notifications')).json<{
      notifications: { type: string; body: string; link: string }[];
    }>().notifications;
    expect(notices.filter((n) => n.type === 'debt_forgiven')).toEqual([
      expect.objectContaining({ link: '/', body: expect.stringContaining(sister.name) }),
    ]);
    // Nothing is left to repay: the call to repay it went with the debt.
    expect(notices.map((n) => n.type)).not.toContain('debt_due');
    const journal = await readJournal(t.database.db, organizationId);
    expect(journal.filter((x) => x.kind === 'member-debt-forgiven')).toHaveLength(1);
    expect(checkJournal(journal)).toEqual([]);
    const balance = (account: string) => balanceOf(journal, account);
    expect(balance(ledgerAccount.memberReceivable(sister.id))).toBe(0);
    expect(balance(ledgerAccount.memberPayable(brother.id))).toBe(0);
    // Nothing is left to repay, by hand or through the platform; and he may go too.
    expect(
      (await brother.client.post(`/api/debts/${debt!.id}/settle`, { method: 'manual' })).statusCode,
    ).toBe(404);
    expect((await brother.client.post('/api/user/delete-request', password)).statusCode).toBe(200);
  });

  it('an expelled coverer keeps the account while her cash cover waits in the round, confirmed or not; paid out, she may delete it', async () => {
    const { recipient, sister, brother, cousin } = await roundOfFour();
    const { id: fundId } = await act(sister, 'contributions', { method: 'manual', onBehalfOf: brother.id });
    await act(cousin, 'contributions', card());
    await fastForward(recipient, 7 * DAY);
    const vote = (await fundOf(recipient)).round!.emergencies.find((v) => v.memberId === sister.id)!;
    for (const voter of [recipient, brother, cousin])
      await act(voter, `emergency-votes/${vote.id}`, { choice: 'expel' });
    expect((await sister.client.get('/api/family')).statusCode).toBe(404);
    const password = { password: 'correct horse battery' };
    const askToDelete = async () =>
      (await sister.client.post('/api/user/delete-request', password)).json().code;
    // Declared, not confirmed: no debt yet, but confirming it after the deletion would make one.
    expect(await askToDelete()).toBe('COVER_NOT_PAID_OUT');
    const { contributions } = (
      await recipient.client.get(`/api/rotating-fund/${fundId}/monthly-contributions`)
    ).json<{ contributions: { id: string; paidBy: string | null }[] }>();
    const cash = contributions.find((c) => c.paidBy === sister.id)!;
    await act(recipient, `contributions/${cash.id}/confirm-receipt`);
    expect(await askToDelete()).toBe('COVER_NOT_PAID_OUT');
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    expect((await debtsOf(brother)).map((d) => d.status)).toEqual(['open']);
    // He is told whom to repay, though she is no longer in the family.
    const notices = (await brother.client.get('/api/user-notifications')).json<{
      notifications: { type: string; body: string }[];
    }>().notifications;
    expect(notices.find((n) => n.type === 'debt_due')?.body).toContain(sister.name);
    expect((await sister.client.post('/api/user/delete-request', password)).statusCode).toBe(200);
  });

  it('a declined card cancels the cover and its debt, and tells both; bad input is a 400', async () => {
    const { recipient, sister, brother } = await roundOfFour();
    // Her own share is paid: the decline is about the cover alone.
    await act(sister, 'contributions', card());
    const declined = await act(sister, 'contributions', {
      ...card(),
      paymentMethodId: 'pm_card_chargeDeclined',
      onBehalfOf: brother.id,
    });
    expect(declined.round?.contributedBy).toEqual(expect.arrayContaining([brother.id, sister.id]));
    // Held, the cover counts, and both he and the recipient hear of it; the card is then refused.
    expect(await types(brother)).toContain('contribution_covered');
    expect(await types(recipient)).toContain('cover_received');
    await t.flushOutbox();
    const after: FundView = await fundOf(sister);
    expect(after.round?.contributedBy).toEqual([sister.id]);
    expect(await debtsOf(brother)).toEqual([]);
    const noticesOf = async (member: Member) =>
      (await member.client.get('/api/user-notifications')).json<{
        notifications: { type: string; body: string; link: string }[];
      }>().notifications;
    // He learns his contribution is unpaid again (and what to do), not from a strike days later.
    expect((await noticesOf(brother)).filter((n) => n.type === 'cover_failed')).toEqual([
      expect.objectContaining({ link: '/', body: expect.stringContaining(sister.name) }),
    ]);
    // She learns her cover was declined; the "pay again" of her own share would not be true.
    const hers = await noticesOf(sister);
    expect(hers.filter((n) => n.type === 'cover_payment_failed')).toEqual([
      expect.objectContaining({ body: expect.stringContaining(brother.name) }),
    ]);
    expect(hers.map((n) => n.type)).not.toContain('payment_failed');
    // "She covered you" is no longer true: gone, beside the call to pay; the recipient's too.
    expect((await noticesOf(brother)).map((n) => n.type)).not.toContain('contribution_covered');
    expect(await types(recipient)).not.toContain('cover_received');
    // His call stays until he pays; then it goes, as the fund's other calls to act do.
    await act(brother, 'contributions', card());
    expect((await noticesOf(brother)).map((n) => n.type)).not.toContain('cover_failed');
    const bad = await sister.client.post(`/api/rotating-fund/${after.id}/contributions`, {
      ...card(),
      onBehalfOf: 7,
    });
    expect(bad.statusCode).toBe(400);
    expect((await sister.client.get('/api/debts/nope/settle')).statusCode).toBe(404);
    expect((await sister.client.post('/api/debts/not-a-uuid/confirm')).statusCode).toBe(400);
  });

  it('the debt is repaid by card through the platform: the creditor is paid once, replays and a second settle included', async () => {
    const { recipient, sister, brother, cousin, organizationId } = await roundOfFour();
    await payOutWithCover(recipient, sister, brother, cousin);
    await connectPayoutAccount(sister);
    const [debt] = await debtsOf(brother);
    expect(debt!.creditorCanReceive).toBe(true);
    const url = `/api/debts/${debt!.id}/settle`;
    const calls = t.payments.calls.length;

    // A declined card: the debt is open again, and the brother may pay another way.
    const declined = await brother.client.post(url, { ...card(), paymentMethodId: 'pm_card_chargeDeclined' });
    expect(declined.json()).toMatchObject({ status: 'settling' });
    await t.flushOutbox();
    expect((await debtsOf(brother))[0]).toMatchObject({ status: 'open' });
    expect(await types(brother)).toContain('debt_payment_failed');

    const headers = { 'idempotency-key': 'repay-card-0001' };
    const [first, second] = await Promise.all([
      brother.client.post(url, card(), { headers }),
      brother.client.post(url, card(), { headers: { 'idempotency-key': 'repay-card-0002' } }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const replay = await brother.client.post(url, card(), { headers });
    if (first.statusCode === 200) expect(replay.json()).toEqual(first.json());
    expect((await sister.client.post(`/api/debts/${debt!.id}/confirm`)).json().code).toBe('DEBT_SETTLING');
    await t.flushOutbox();
    await t.flushOutbox();
    const [settled] = await debtsOf(brother);
    expect(settled).toMatchObject({ status: 'settled', settledAt: expect.any(String) });
    // Two charges (declined, then held), one capture, one payout of the whole amount to her.
    expect(t.payments.calls.slice(calls).map((c) => c.op)).toEqual(['charge', 'charge', 'capture', 'payout']);
    expect(t.payments.calls.at(-1)).toMatchObject({ amountCents: 5000 });
    const journal = await readJournal(t.database.db, organizationId);
    expect(journal.filter((x) => x.kind === 'member-debt-repaid')).toHaveLength(1);
    expect(checkJournal(journal)).toEqual([]);
    expect(await types(brother)).toContain('debt_settled');
    expect(await types(brother)).not.toContain('debt_due');
    // She is told it came: nothing of hers said so (by hand, she confirms it herself).
    const repaid = (await sister.client.get('/api/user-notifications'))
      .json<{ notifications: { type: string; body: string }[] }>()
      .notifications.find((n) => n.type === 'debt_repaid_to_you');
    // Who and how much.
    expect(repaid?.body).toContain(brother.name);
    expect(repaid?.body).toMatch(/50[,.]00/);
    // Settled: nothing more can be paid on it.
    expect((await brother.client.post(url, card())).json().code).toBe('DEBT_CLOSED');
  });

  it('by PayPal: captured from the debtor, paid whole to the creditor, settled once', async () => {
    const { recipient, sister, brother, cousin, organizationId } = await roundOfFour();
    await payOutWithCover(recipient, sister, brother, cousin);
    await connectPayoutAccount(sister);
    const [debt] = await debtsOf(brother);
    const calls = t.payments.calls.length;
    const settling = await brother.client.post(`/api/debts/${debt!.id}/settle`, { method: 'paypal' });
    expect(settling.json()).toMatchObject({ status: 'settling' });
    await t.flushOutbox();
    await t.flushOutbox();
    expect((await debtsOf(sister))[0]).toMatchObject({ status: 'settled' });
    expect(t.payments.calls.slice(calls).map((c) => c.op)).toEqual(['charge', 'payout']);
    expect(checkJournal(await readJournal(t.database.db, organizationId))).toEqual([]);
  });
});
