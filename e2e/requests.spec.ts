import { expect, test } from '@playwright/test';
import { expectToast } from './support/fund-steps';
import { expectLive, registerMember } from './support/members';
import { checkPage } from './support/page-checks';
import {
  apiCall,
  backToRequests,
  connectPaymentAccount,
  contribute,
  createRequest,
  requestsOf,
  stats,
} from './support/request-steps';

test.setTimeout(300_000);

/**
 * Funding requests with three members in three browsers (issue 6, Done means): two requests,
 * one queued behind the other; a third member contributes with a message until the first
 * completes, and the second activates by itself on every page, live; its owner concludes it
 * early; a cancelled request refunds its contributors; the stats read from the ledger add up.
 */
test('three members run funding requests, each page following the others live', async ({ browser }) => {
  const anna = await registerMember(browser, 'anna');
  const inviteLink = (await anna.page.getByTestId('invite-link').textContent())!.trim();
  const marco = await registerMember(browser, 'marco', { inviteLink });
  const sara = await registerMember(browser, 'sara', { inviteLink });
  const [a, m, s] = [anna.page, marco.page, sara.page];
  // Marco can receive platform money from the start; Anna connects her account only later.
  await connectPaymentAccount(m);
  await m.goto('/');
  await a.reload(); // the creator's page was loaded before the others joined
  await expectLive(a, m, s);

  // Anna's request activates at once; Marco's queues behind it. The others see both live.
  await createRequest(a, 'Tetto nuovo', '100');
  await expect(requestsOf(s).getByTestId('active-request')).toContainText('Tetto nuovo');
  await createRequest(m, 'Libri di scuola', '50');
  await expect(requestsOf(s).getByTestId('queued-requests')).toContainText('Libri di scuola');
  await expect(requestsOf(a).getByTestId('queued-requests')).toContainText('posizione 1');
  // One open request per member: Marco is offered no second one.
  await expect(requestsOf(m).getByRole('button', { name: 'Nuova richiesta' })).toHaveCount(0);
  // The owner does not contribute to their own request.
  await expect(requestsOf(a).getByRole('button', { name: 'Contribuisci' })).toHaveCount(0);

  // Sara gives 60 € with a message: Anna's progress moves without a reload.
  await contribute(s, '60', { message: 'Forza Anna!' });
  await expect(requestsOf(a).getByTestId('request-progress')).toContainText('(60%)');
  // More than what remains is refused in the form, with the range in words.
  await requestsOf(s).getByTestId('active-request').getByRole('button', { name: 'Contribuisci' }).click();
  const dialog = s.getByTestId('request-contribute');
  await dialog.getByLabel('Importo (€)').fill('45');
  await dialog.getByRole('button', { name: 'Contribuisci' }).click();
  await expect(dialog.getByRole('alert')).toContainText('40,00');
  await dialog.getByRole('button', { name: 'Chiudi' }).click();

  // The last 40 € by card complete it; Marco's request activates by itself, on every page.
  await contribute(s, '40', { card: true });
  for (const page of [a, m, s]) {
    await expect(requestsOf(page).getByTestId('active-request')).toContainText('Libri di scuola');
    await expect(requestsOf(page).getByText('Nessuna richiesta in coda.')).toBeVisible();
  }

  // The completed request's page: timeline, contributors with the message, the payout minus the fee.
  await requestsOf(a)
    .getByTestId('recent-activity')
    .getByRole('link', { name: 'Tetto nuovo' })
    .first()
    .click();
  await expect(a.getByTestId('request-status')).toHaveText('Completata');
  await expect(a.getByTestId('contributors')).toContainText('Forza Anna!');
  await expect(a.getByTestId('request-timeline')).toContainText('Obiettivo raggiunto');
  // Anna has no payment account yet: the payout fails and the money waits, captured. She
  // connects one and retries; the page follows the payout live.
  await expect(a.getByTestId('request-payout')).toContainText('Erogazione non riuscita');
  await expect(a.getByTestId('request-payout')).toContainText('97,00');
  await checkPage(a, 'a completed request (it)');
  const completedPage = a.url();
  await connectPaymentAccount(a);
  await a.goto(completedPage);
  await a.getByRole('button', { name: "Riprova l'erogazione" }).click();
  await expectToast(a, 'Erogazione richiesta di nuovo');
  await expect(a.getByTestId('request-payout')).toContainText('Ti sono stati versati 97,00');
  await backToRequests(a);
  await expectLive(a);

  // Bad input through the API: the right status and message, in Italian.
  const first = await apiCall(m, 'GET', '/api/requests');
  const active = (first.body as unknown as { active: { id: string } }).active.id;
  expect(
    await apiCall(m, 'POST', `/api/requests/${active}/contributions`, { amountCents: 100, method: 'paypal' }),
  ).toMatchObject({
    status: 403,
    body: { message: 'Non puoi contribuire alla tua richiesta.' },
  });
  expect(await apiCall(s, 'POST', `/api/requests/${active}/cancel`)).toMatchObject({
    status: 403,
    body: { message: 'Solo chi ha creato la richiesta può farlo.' },
  });
  expect(
    await apiCall(s, 'POST', `/api/requests/${active}/contributions`, {
      amountCents: 5_001,
      method: 'paypal',
    }),
  ).toMatchObject({ status: 422, body: { message: "L'importo supera quanto manca all'obiettivo." } });

  // Anna gives 10 €; Marco concludes early (owner only) and is paid what was collected.
  await contribute(a, '10');
  await expect(requestsOf(m).getByTestId('request-progress')).toContainText('(20%)');
  await requestsOf(m).getByTestId('active-request').getByRole('link', { name: 'Dettagli' }).click();
  await m.getByRole('button', { name: 'Concludi richiesta' }).click();
  await m.getByRole('dialog').getByRole('button', { name: 'Concludi richiesta' }).click();
  await expectToast(m, 'Richiesta conclusa');
  await expect(m.getByTestId('request-status')).toHaveText('Conclusa');
  await backToRequests(m);
  await expect(requestsOf(a).getByText('Nessuna richiesta attiva al momento.')).toBeVisible();

  // Sara's request: Anna and Marco give, then Sara cancels (irreversible) and both are refunded.
  await createRequest(s, 'Bicicletta', '80');
  await contribute(a, '20');
  await contribute(m, '15', { card: true });
  await expect(requestsOf(s).getByTestId('request-progress')).toContainText('(43%)');
  await requestsOf(s).getByTestId('active-request').getByRole('link', { name: 'Dettagli' }).click();
  await s.getByRole('button', { name: 'Annulla richiesta' }).click();
  const confirm = s.getByRole('dialog');
  await expect(confirm).toContainText('irreversibile');
  await confirm.getByRole('button', { name: 'Sì, annullala' }).click();
  await expectToast(s, 'Richiesta annullata');
  await expect(s.getByTestId('request-status')).toHaveText('Annullata');
  await expect(s.getByTestId('contributors').getByText('rimborsato')).toHaveCount(2);

  // The ledger balances: 110 € given = 97,00 + 9,25 received + 3,75 of fees; refunds give back.
  await backToRequests(s);
  await expect
    .poll(() => stats(a))
    .toMatchObject({ given: expect.stringMatching(/^10,00/), received: expect.stringContaining('97,00') });
  await expect
    .poll(() => stats(m))
    .toMatchObject({ given: expect.stringMatching(/^0,00/), received: expect.stringContaining('9,25') });
  await expect
    .poll(() => stats(s))
    .toMatchObject({ given: expect.stringContaining('100,00'), received: expect.stringMatching(/^0,00/) });
});
