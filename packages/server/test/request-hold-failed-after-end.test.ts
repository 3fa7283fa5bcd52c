import { checkJournal, ledgerAccount, memberTotals } from '@giro/domain/ledger';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readJournal } from '../src/db/ledger.repository';
import { connectPayoutAccount, fastForward, organizationOf } from './support/fund-members';
import { card, contribute, createRequest, details, operations } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/**
 * A card hold its payer never confirms with their bank (3-D Secure) fails 30 minutes on. When
 * its contribution completed the request, the payout under way waits for it, then fails at its
 * capture; until stop 64 the failure was refused (the request had ended) and every retry asked
 * for the same money again and failed: the other contributors' money stuck for good.
 */
it('a hold that fails after the request completed is taken back, and the retried payout pays what is held', async () => {
  const [ann, bob, cat] = await organizationOf(t, 3);
  await connectPayoutAccount(ann!);
  const request = await createRequest(ann!, 'New roof', 10_000);
  await contribute(bob!, request.id, 5_000);
  const done = await contribute(cat!, request.id, 5_000, card('pm_card_authenticationRequired'));
  expect(done.status).toBe('completed');
  await t.flushOutbox();
  await fastForward(ann!, 31);
  await t.flushOutbox();
  await t.flushOutbox();
  const failed = await details(ann!, request.id);
  // The attempt under way asked for the failed hold and failed; the payout is what is held now.
  expect(failed.payout).toMatchObject({ status: 'failed', grossCents: 5_000 });
  expect(failed.contributors.map((c) => c.amountCents)).toEqual([5_000]);

  const retried = await ann!.client.post(`/api/requests/${request.id}/retry-payout`, {});
  expect(retried.statusCode).toBe(200);
  await t.flushOutbox();
  const paid = await details(ann!, request.id);
  expect(paid.payout).toMatchObject({ status: 'paid', grossCents: 5_000 });
  expect(await operations(t)).toContain(`payout:${paid.payout!.netCents}`);
  const organizationId = (await ann!.client.get('/api/family')).json<{ id: string }>().id;
  const journal = await readJournal(t.database.db, organizationId);
  expect(checkJournal(journal, [ledgerAccount.requestEscrow(request.id)])).toEqual([]);
  expect(memberTotals(journal, cat!.id).givenCents).toBe(0);
  expect(memberTotals(journal, ann!.id).receivedCents).toBe(paid.payout!.netCents);
});
