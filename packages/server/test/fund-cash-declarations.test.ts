import type { DebtView } from '@giro/contract/debts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, fastForward, fundOf, type Member } from './support/fund-members';
import { act, openRoundOf } from './support/fund-steps';
import { card } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** Three members in their first round's open window: [recipient, sister, brother] by the drawn order. */
async function roundOfThree() {
  const { fund, ordered } = await openRoundOf(t, 3);
  const [recipient, sister, brother] = ordered as [Member, Member, Member];
  return { fundId: fund.id, recipient, sister, brother };
}

const noticesOf = async (member: Member) =>
  (await member.client.get('/api/user-notifications')).json<{
    notifications: { type: string; body: string; link: string }[];
  }>().notifications;

async function declaredBy(member: Member, fundId: string, contributorId: string) {
  const { contributions } = (
    await member.client.get(`/api/rotating-fund/${fundId}/monthly-contributions`)
  ).json<{ contributions: { id: string; contributorId: string; status: string }[] }>();
  return contributions.find((c) => c.contributorId === contributorId && c.status === 'declared');
}

describe('cash to confirm: the recipient is asked once a declaration, by name and amount', () => {
  it('two declarations are two calls, each closed by its own answer; a cover names the one who paid', async () => {
    const { fundId, recipient, sister, brother } = await roundOfThree();
    await act(brother, 'contributions', { method: 'manual' });
    await act(sister, 'contributions', { method: 'manual' });
    const toConfirm = async () =>
      (await noticesOf(recipient)).filter((n) => n.type === 'receipt_to_confirm').map((n) => n.body);
    const asked = await toConfirm();
    expect(asked).toHaveLength(2);
    for (const payer of [brother, sister])
      expect(asked.filter((body) => body.includes(payer.name) && /50[.,]00/.test(body))).toHaveLength(1);
    // Her cash confirmed, only his call is left: the recipient still has his to answer.
    const hers = (await declaredBy(recipient, fundId, sister.id))!;
    await act(recipient, `contributions/${hers.id}/confirm-receipt`);
    expect(await toConfirm()).toEqual([expect.stringContaining(brother.name)]);
    // His refused, none is left.
    const his = (await declaredBy(recipient, fundId, brother.id))!;
    await act(recipient, `contributions/${his.id}/not-received`);
    expect(await toConfirm()).toEqual([]);
    // She covers him by hand: the call names her, who handed the cash, and whose contribution it is.
    await act(sister, 'contributions', { method: 'manual', onBehalfOf: brother.id });
    const [cover] = await toConfirm();
    expect(cover).toMatch(
      new RegExp(
        `^${sister.name} says they gave you €50\\.00 by hand for this round \\(${brother.name}'s contribution\\)\\.`,
      ),
    );
  });
});

describe('cash the recipient says never came (POST …/contributions/{cid}/not-received)', () => {
  it('frees the member to pay another way and asks them to, until they do; only the recipient says it, once', async () => {
    const { fundId, recipient, sister, brother } = await roundOfThree();
    await act(brother, 'contributions', { method: 'manual' });
    const cash = (await declaredBy(recipient, fundId, brother.id))!;
    // The recipient is asked to answer it (a call to act, on the home's Now card).
    const toConfirm = async () => (await noticesOf(recipient)).filter((n) => n.type === 'receipt_to_confirm');
    expect(await toConfirm()).toEqual([expect.objectContaining({ link: '/' })]);
    const path = `contributions/${cash.id}/not-received`;
    const url = `/api/rotating-fund/${fundId}/${path}`;
    // Not the recipient: a 403 in the member's language, and the declaration stays.
    const notHers = await sister.client.request('POST', url, undefined, {
      headers: { 'accept-language': 'it' },
    });
    expect(notHers.statusCode).toBe(403);
    expect(notHers.json()).toMatchObject({
      code: 'NOT_CURRENT_RECIPIENT',
      message: 'Non sei il beneficiario attuale',
    });
    // While it waits, his declaration bars paying twice.
    expect((await brother.client.post(`/api/rotating-fund/${fundId}/contributions`, card())).statusCode).toBe(
      409,
    );
    const key = { 'Idempotency-Key': 'not-received-1' };
    const answered = await act(recipient, path, undefined, key);
    expect(answered.round?.contributedBy).toEqual([]);
    // A retry of the same tap is the same answer; a new one finds nothing left to refuse.
    expect(await act(recipient, path, undefined, key)).toEqual(answered);
    expect((await recipient.client.post(url)).statusCode).toBe(404);
    expect(await toConfirm()).toEqual([]);
    await t.flushOutbox();
    expect((await noticesOf(brother)).filter((n) => n.type === 'contribution_not_received')).toEqual([
      expect.objectContaining({ link: '/', body: expect.stringContaining(recipient.name) }),
    ]);
    // He declares cash again: his call is answered (the recipient's to answer now), as by paying.
    await act(brother, 'contributions', { method: 'manual' });
    expect((await noticesOf(brother)).map((n) => n.type)).not.toContain('contribution_not_received');
    const again = (await declaredBy(recipient, fundId, brother.id))!;
    await act(recipient, `contributions/${again.id}/not-received`);
    expect((await noticesOf(brother)).filter((n) => n.type === 'contribution_not_received')).toHaveLength(1);
    await act(brother, 'contributions', card());
    expect((await noticesOf(brother)).map((n) => n.type)).not.toContain('contribution_not_received');
    // His export keeps the declaration, as not paid, beside the card that paid the round.
    const exported = (await brother.client.get('/api/account/export')).json<{
      fundContributions: { method: string; status: string }[];
    }>();
    expect(exported.fundContributions.map((c) => [c.method, c.status])).toEqual([
      ['manual', 'not_received'],
      ['manual', 'not_received'],
      ['card', 'authorized'],
    ]);
  });

  it('a cash cover refused tells the one who declared it and the member covered; nothing is owed', async () => {
    const { fundId, recipient, sister, brother } = await roundOfThree();
    await act(sister, 'contributions', { method: 'manual', onBehalfOf: brother.id });
    const cash = (await declaredBy(recipient, fundId, brother.id))!;
    // The recipient is asked to answer it; nobody hears of a cover that counts for nothing yet.
    expect((await noticesOf(recipient)).filter((n) => n.type === 'receipt_to_confirm')).toHaveLength(1);
    expect((await noticesOf(recipient)).map((n) => n.type)).not.toContain('cover_received');
    expect((await noticesOf(brother)).map((n) => n.type)).not.toContain('contribution_covered');
    await act(recipient, `contributions/${cash.id}/not-received`);
    await t.flushOutbox();
    expect((await noticesOf(sister)).filter((n) => n.type === 'cover_not_received')).toEqual([
      expect.objectContaining({ body: expect.stringContaining(brother.name) }),
    ]);
    expect((await noticesOf(brother)).map((n) => n.type)).toContain('contribution_not_received');
    expect((await noticesOf(recipient)).map((n) => n.type)).not.toContain('receipt_to_confirm');
    expect((await brother.client.get('/api/debts')).json<{ debts: DebtView[] }>().debts).toEqual([]);
    // Another cover, by card this time, counts as usual.
    await act(sister, 'contributions', { ...card(), onBehalfOf: brother.id });
    expect((await declaredBy(recipient, fundId, brother.id)) ?? null).toBeNull();
  });

  it('a cash cover confirmed is news to the member covered then, and the recipient is asked nothing more', async () => {
    const { fundId, recipient, sister, brother } = await roundOfThree();
    await act(sister, 'contributions', { method: 'manual', onBehalfOf: brother.id });
    const cash = (await declaredBy(recipient, fundId, brother.id))!;
    await act(recipient, `contributions/${cash.id}/confirm-receipt`);
    expect((await noticesOf(brother)).filter((n) => n.type === 'contribution_covered')).toEqual([
      expect.objectContaining({ body: expect.stringContaining(sister.name) }),
    ]);
    const hers = (await noticesOf(recipient)).map((n) => n.type);
    expect(hers).not.toContain('cover_received');
    expect(hers).not.toContain('receipt_to_confirm');
  });

  it('refused cash of a member the family skipped asks nothing of them: they owe the round no more', async () => {
    const { fundId, recipient, sister, brother } = await roundOfThree();
    await act(sister, 'contributions', card());
    await act(brother, 'contributions', { method: 'manual' });
    await fastForward(recipient, 7 * DAY);
    const vote = (await fundOf(recipient)).round!.emergencies.find((v) => v.memberId === brother.id)!;
    for (const voter of [recipient, sister])
      await act(voter, `emergency-votes/${vote.id}`, { choice: 'skip' });
    const cash = (await declaredBy(recipient, fundId, brother.id))!;
    await act(recipient, `contributions/${cash.id}/not-received`);
    await t.flushOutbox();
    expect((await noticesOf(brother)).map((n) => n.type)).not.toContain('contribution_not_received');
  });
});

describe('cash its payer takes back (POST …/contributions/{cid}/cancel)', () => {
  it('the member who declared it, alone and once; the recipient is asked nothing more, and he pays by card', async () => {
    const { fundId, recipient, sister, brother } = await roundOfThree();
    await act(brother, 'contributions', { method: 'manual' });
    const cash = (await declaredBy(recipient, fundId, brother.id))!;
    const path = `contributions/${cash.id}/cancel`;
    const url = `/api/rotating-fund/${fundId}/${path}`;
    // Neither the recipient nor another member: not found, in the member's language, and it stays.
    for (const other of [recipient, sister]) {
      const refused = await other.client.request('POST', url, undefined, {
        headers: { 'accept-language': 'it' },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'CONTRIBUTION_NOT_FOUND' });
      expect(refused.json<{ message: string }>().message).toBe('Contributo non trovato.');
    }
    expect((await noticesOf(recipient)).map((n) => n.type)).toContain('receipt_to_confirm');
    const key = { 'Idempotency-Key': 'cancel-1' };
    const answered = await act(brother, path, undefined, key);
    expect((await declaredBy(recipient, fundId, brother.id)) ?? null).toBeNull();
    // A retry of the same tap is the same answer; a new one finds nothing to take back.
    expect(await act(brother, path, undefined, key)).toEqual(answered);
    expect((await brother.client.post(url)).statusCode).toBe(404);
    expect(
      (await recipient.client.post(`/api/rotating-fund/${fundId}/contributions/${cash.id}/confirm-receipt`))
        .statusCode,
    ).toBe(404);
    expect((await noticesOf(recipient)).map((n) => n.type)).not.toContain('receipt_to_confirm');
    await act(brother, 'contributions', card());
    expect((await fundOf(recipient)).round?.contributedBy).toEqual([brother.id]);
    await t.flushOutbox();
    // The recipient is told (the cash is handed outside Giro); his export keeps it, as taken back.
    expect((await noticesOf(recipient)).filter((n) => n.type === 'declaration_cancelled')).toEqual([
      expect.objectContaining({ body: expect.stringContaining(brother.name) }),
    ]);
    expect((await noticesOf(brother)).map((n) => n.type)).not.toContain('cover_cancelled');
    const exported = (await brother.client.get('/api/account/export')).json<{
      fundContributions: { method: string; status: string }[];
    }>();
    expect(exported.fundContributions.map((c) => [c.method, c.status])).toEqual([
      ['manual', 'cancelled'],
      ['card', 'authorized'],
    ]);
  });

  it('a cash cover taken back by the one who declared it: the member covered is told to pay, until he does', async () => {
    const { fundId, recipient, sister, brother } = await roundOfThree();
    await act(sister, 'contributions', { method: 'manual', onBehalfOf: brother.id });
    const cash = (await declaredBy(recipient, fundId, brother.id))!;
    // The member covered does not take back what another declared.
    const path = `contributions/${cash.id}/cancel`;
    expect((await brother.client.post(`/api/rotating-fund/${fundId}/${path}`)).statusCode).toBe(404);
    await act(sister, path);
    await t.flushOutbox();
    expect((await noticesOf(brother)).filter((n) => n.type === 'cover_cancelled')).toEqual([
      expect.objectContaining({ link: '/', body: expect.stringContaining(sister.name) }),
    ]);
    expect((await noticesOf(sister)).map((n) => n.type)).not.toContain('cover_not_received');
    expect((await noticesOf(recipient)).filter((n) => n.type === 'declaration_cancelled')).toEqual([
      expect.objectContaining({ body: expect.stringContaining(sister.name) }),
    ]);
    expect((await brother.client.get('/api/debts')).json<{ debts: DebtView[] }>().debts).toEqual([]);
    // His call closes once he pays (or declares) himself.
    await act(brother, 'contributions', card());
    expect((await noticesOf(brother)).map((n) => n.type)).not.toContain('cover_cancelled');
  });

  it('after his window closed his own declaration stands, for the recipient to answer: a 409 in his language', async () => {
    const { fundId, recipient, sister, brother } = await roundOfThree();
    await act(sister, 'contributions', card());
    await act(brother, 'contributions', { method: 'manual' });
    await fastForward(recipient, 7 * DAY);
    const cash = (await declaredBy(recipient, fundId, brother.id))!;
    const late = await brother.client.request(
      'POST',
      `/api/rotating-fund/${fundId}/contributions/${cash.id}/cancel`,
      undefined,
      {
        headers: { 'accept-language': 'it' },
      },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CONTRIBUTION_WINDOW_CLOSED',
      message: 'La finestra dei contributi è chiusa',
    });
    expect((await declaredBy(recipient, fundId, brother.id))?.id).toBe(cash.id);
  });
});
