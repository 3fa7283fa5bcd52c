import { checkJournal } from '@giro/domain/ledger';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJournal } from '../src/db/ledger.repository';
import { paymentOperations } from '../src/db/schema';
import {
  connectPayoutAccount,
  fundOf,
  type Member,
  organizationOf,
  submitSandboxPage,
} from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const card = (paymentMethodId: string) => ({
  method: 'card',
  paymentMethodId,
  billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
});

type Confirmation = { operationId: string; amountCents: number; url: string; expiresAt: string };
const confirmationsOf = async (member: Member) =>
  (await member.client.get('/api/payments/confirmations')).json<{ confirmations: Confirmation[] }>()
    .confirmations;
const alertTypes = async (member: Member) =>
  (await member.client.get('/api/user-notifications'))
    .json<{ notifications: { type: string }[] }>()
    .notifications.map((n) => n.type);
const charges = () =>
  t.database.db.select().from(paymentOperations).where(eq(paymentOperations.kind, 'charge'));

/** A round whose first payer pays with the card that asks its payer to confirm with their bank. */
async function awaitingConfirmation() {
  const members = await organizationOf(t, 3);
  const fund = await activeFund(members, 1000);
  await openWindow(members[0]!);
  const [payer, other] = payersOf(members, fund) as [Member, Member];
  await act(payer, 'contributions', card('pm_card_authenticationRequired'));
  await t.flushOutbox();
  return { members, fund, payer, other, recipient: recipientOf(members, fund) };
}

describe('a card payment that the bank asks its payer to confirm (pm_card_authenticationRequired)', () => {
  it('waits for the payer, who confirms on the provider page and comes back to the dashboard; it is then held like any card', async () => {
    const { fund, payer, other, recipient } = await awaitingConfirmation();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([payer.id]);
    const [waiting] = await confirmationsOf(payer);
    expect(waiting).toMatchObject({ amountCents: 1000 });
    expect(waiting!.url).toMatch(/^http:\/\/.+\/sandbox\/confirm\/pi_[0-9a-f]{24}\?return=/);
    expect(await alertTypes(payer)).toContain('payment_confirmation_required');
    // Nobody else sees it.
    expect(await confirmationsOf(other)).toEqual([]);
    expect((await charges())[0]).toMatchObject({ status: 'awaiting_payer' });

    const url = new URL(waiting!.url);
    const back = await submitSandboxPage(payer, `${url.pathname}${url.search}`, 'confirm');
    expect(back).toBe(`${new URL(waiting!.url).origin}/`);
    await t.flushOutbox();
    expect((await charges())[0]).toMatchObject({ status: 'succeeded' });
    expect(await confirmationsOf(payer)).toEqual([]);
    // A second press of the button (a reload) changes nothing.
    const again = await payer.client.get(`${url.pathname}${url.search}`);
    expect(again.body).toContain('authorized');
    expect(again.body).not.toContain('name="action"');

    // The hold is captured at distribution like any other.
    await act(other, 'contributions', card('pm_card_visa'));
    await t.flushOutbox();
    await connectPayoutAccount(recipient);
    expect((await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`)).statusCode).toBe(200);
    await t.flushOutbox();
    expect((await fundOf(recipient)).round?.number).toBe(2);
    const organizationId = (await payer.client.get('/api/family')).json().id as string;
    expect(checkJournal(await readJournal(t.database.db, organizationId))).toEqual([]);
  });

  it('a failed authentication takes the contribution back, as a declined card does', async () => {
    const { payer } = await awaitingConfirmation();
    const [waiting] = await confirmationsOf(payer);
    const url = new URL(waiting!.url);
    await submitSandboxPage(payer, `${url.pathname}${url.search}`, 'fail');
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
    expect((await charges())[0]).toMatchObject({ status: 'failed', error: 'authentication_required' });
    expect(await alertTypes(payer)).toContain('payment_failed');
    expect(await confirmationsOf(payer)).toEqual([]);
  });

  it('unconfirmed after 30 minutes, the contribution is taken back and the charge cancelled; before that, nothing changes', async () => {
    const { payer } = await awaitingConfirmation();
    const [waiting] = await confirmationsOf(payer);
    const page = new URL(waiting!.url);
    t.clock.fastForward(29);
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([payer.id]);
    t.clock.fastForward(2);
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
    expect((await charges())[0]).toMatchObject({ status: 'failed' });
    expect(await confirmationsOf(payer)).toEqual([]);
    // Cancelled at the provider, once: the bank's page still answers, but confirming there now
    // holds nothing and changes nothing.
    expect(t.payments.calls.filter((c) => c.op === 'refund')).toEqual([
      { op: 'refund', idempotencyKey: `${(await charges())[0]!.id}:expired`, amountCents: 1000 },
    ]);
    const late = await payer.client.get(`${page.pathname}${page.search}`);
    expect(late.body).toContain('cancelled');
    expect(late.body).not.toContain('name="action"');
    // A tab opened before the time ran out still posts its form.
    await submitSandboxPage(payer, `${page.pathname}${page.search}`, 'confirm');
    await t.flushOutbox();
    expect((await payer.client.get(`${page.pathname}${page.search}`)).body).toContain('cancelled');
    expect((await charges())[0]).toMatchObject({ status: 'failed' });
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
  });

  it('a charge whose time ran out is claimed before it is cancelled: a confirmation at that moment is not recorded as held, and a worker that stopped after the claim is finished by the next', async () => {
    const { payer } = await awaitingConfirmation();
    const [waiting] = await confirmationsOf(payer);
    const page = new URL(waiting!.url);
    t.clock.fastForward(31);
    // A worker (another instance) claimed the expired charge and stopped before cancelling it.
    const [charge] = await charges();
    await t.database.db
      .update(paymentOperations)
      .set({ status: 'expiring' })
      .where(eq(paymentOperations.id, charge!.id));
    // The payer confirms at that moment: nothing records the hold as held any more.
    await submitSandboxPage(payer, `${page.pathname}${page.search}`, 'confirm');
    await t.flushOutbox();
    expect((await charges())[0]).toMatchObject({ status: 'failed' });
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
    // Cancelled at the provider under the claim's key, so the confirmed hold is released.
    expect(t.payments.calls.filter((c) => c.op === 'refund')).toEqual([
      { op: 'refund', idempotencyKey: `${charge!.id}:expired`, amountCents: 1000 },
    ]);
    expect((await payer.client.get(`${page.pathname}${page.search}`)).body).toContain('cancelled');
  });

  it('the confirmation page refuses an unknown charge (404) and a return to another site (400)', async () => {
    const { payer } = await awaitingConfirmation();
    const [waiting] = await confirmationsOf(payer);
    const url = new URL(waiting!.url);
    const unknown = await payer.client.get(`/sandbox/confirm/pi_${'0'.repeat(24)}${url.search}`);
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await payer.client.get(
      `${url.pathname}?return=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect((await payer.client.get(`${url.pathname}?return=nope`)).statusCode).toBe(400);
    expect((await charges())[0]).toMatchObject({ status: 'awaiting_payer' });
  });
});
