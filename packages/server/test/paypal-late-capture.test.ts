import { cyclesCompleted } from '@giro/domain/fund/cycles';
import { checkJournal } from '@giro/domain/ledger';
import { afterEach, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { findFundOfOrganization } from '../src/db/fund.repository';
import { readJournal } from '../src/db/ledger.repository';
import { paymentOperations } from '../src/db/schema';
import { SandboxProvider } from '../src/payments/sandbox.provider';
import { connectPayoutAccount, DAY, fastForward, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { aroundMoneyCalls } from './support/provider-wrapper';
import { createTestApp, type TestApp } from './support/test-app';
import { openTestDatabase } from './support/test-database';

let t: TestApp | undefined;
let database: Database | undefined;
afterEach(async () => {
  await t?.close();
  await database?.close();
});

const card = {
  method: 'card',
  paymentMethodId: 'pm_card_visa',
  billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
};

/**
 * Found by the fault-injection run: a PayPal payment whose capture lands only after the fund
 * moved on (its payer skipped, the cycle over, a new one voting) was refunded for the fund's
 * current amount, €0 during voting. It must be given back whole, and counted nowhere.
 */
it('a PayPal payment captured after its round is over is refunded in full and counted nowhere', async () => {
  database = await openTestDatabase();
  let paypalDown = true;
  const provider = aroundMoneyCalls(
    new SandboxProvider(database.db, 'http://giro.test'),
    async (kind, input, call) => {
      if (kind === 'charge' && (input as unknown as { method: string }).method === 'paypal' && paypalDown)
        throw new Error('PayPal unreachable');
      return call();
    },
  );
  const app = await createTestApp({}, { database, provider });
  t = app;
  const members = await organizationOf(app, 2);
  for (const m of members) await connectPayoutAccount(m);
  const fund = await activeFund(members, 2500);
  const organizationId = (await members[0]!.client.get('/api/family')).json().id as string;
  const state = async () => (await findFundOfOrganization(app.database.db, organizationId))!.state;
  const recipient = recipientOf(members, fund);
  const [payer] = payersOf(members, fund);
  await openWindow(recipient);
  await act(payer!, 'contributions', { method: 'paypal' });
  await app.flushOutbox(); // PayPal is down: the capture waits for a retry

  // The payer is skipped in that round and the cycle runs to its end meanwhile.
  for (let i = 0; i < 16 && cyclesCompleted(await state()) === 0; i++) {
    await fastForward(recipient, 2 * DAY);
    await app.flushOutbox();
    const now = await state();
    for (const vote of now.round?.emergencies ?? [])
      for (const voterId of vote.voters) {
        const voter = members.find((m) => m.id === voterId)!;
        await voter.client.post(`/api/rotating-fund/${fund.id}/emergency-votes/${vote.id}`, {
          choice: 'skip',
        });
      }
    const after = await state();
    if (after.round?.state === 'awaiting_withdrawal') {
      const current = members.find((m) => m.id === after.round!.recipientId)!;
      await current.client.post(`/api/rotating-fund/${fund.id}/withdraw`);
      await app.flushOutbox();
    }
    if (after.round?.state === 'collecting' && after.round.windowOpensAt <= app.clock.now().getTime()) {
      for (const m of members)
        if (m.id !== after.round.recipientId && m.id !== payer!.id)
          await m.client.post(`/api/rotating-fund/${fund.id}/contributions`, card);
      await app.flushOutbox();
    }
  }
  expect(cyclesCompleted(await state())).toBe(1);
  expect((await recipient.client.post('/api/rotating-fund')).statusCode).toBe(200);
  expect((await state()).phase).toBe('voting');

  // PayPal is back: the capture goes through, and is given back whole.
  paypalDown = false;
  for (let i = 0; i < 3; i++) {
    app.clock.fastForward(16);
    await app.flushOutbox();
  }
  const operations = await app.database.db.select().from(paymentOperations);
  const paypalCharge = operations.find(
    (o) => o.kind === 'charge' && (o.request as { method: string }).method === 'paypal',
  );
  expect(paypalCharge).toMatchObject({ status: 'succeeded', amountCents: 2500 });
  const refund = operations.find(
    (o) => o.kind === 'refund' && o.subject.endsWith(paypalCharge!.subject.split(':')[1]!),
  );
  expect(refund).toMatchObject({ status: 'succeeded', amountCents: 2500 });
  expect((await state()).contributions.filter((c) => c.method === 'paypal' && c.cycleNumber === 2)).toEqual(
    [],
  );
  expect(checkJournal(await readJournal(app.database.db, organizationId))).toEqual([]);
});
