import { expect, test } from '@playwright/test';
import {
  confirmAndWithdraw,
  contributeManually,
  expectNowOnFirstScreen,
  expectToast,
  fastForward,
  roundRoles,
  voteAmount,
} from './support/fund-steps';
import { expectLive, fundOf, registerMember } from './support/members';
import { expectLastKnownStateOffline } from './support/offline-steps';

test.setTimeout(360_000);

/**
 * A whole cycle of three members on the test clock (issue 4, Done means): amount vote, a
 * dismissal acknowledged and a re-vote, confirmation, date vote, three rounds of manual
 * contributions with receipts and withdrawals, a missed contribution settled by an emergency
 * vote (skip) with its strike, through completion and history. Nobody reloads after joining:
 * every step the others take reaches each page over the real-time channel.
 */
test('three members play a whole fund cycle, each seeing the others live', async ({ browser }) => {
  const anna = await registerMember(browser, 'anna');
  const inviteLink = (await anna.page.getByTestId('invite-link').textContent())!.trim();
  const marco = await registerMember(browser, 'marco', { inviteLink });
  const sara = await registerMember(browser, 'sara', { inviteLink });
  const members = [anna, marco, sara];
  const [a, m, s] = members.map((member) => member.page) as [
    typeof anna.page,
    typeof anna.page,
    typeof anna.page,
  ];
  await anna.page.reload(); // the creator's page was loaded before the others joined
  await expectLive(a, m, s);

  // Anna creates the fund; Marco's page shows the vote without a reload.
  await a.getByTestId('fund-start').getByRole('button', { name: 'Crea il fondo' }).click();
  await expectToast(a, 'Fondo creato');
  await expect(fundOf(m).getByLabel('Il tuo importo mensile (€)')).toBeVisible();
  await expect(fundOf(m).getByLabel('Il tuo importo mensile (€)')).toHaveAttribute('placeholder', '50,00');

  await expectNowOnFirstScreen(a, 'vote_amount');
  await voteAmount(a, '50');
  await expect(fundOf(m).getByText('1 su 3 hanno votato')).toBeVisible(); // live
  await voteAmount(m, '60');
  await voteAmount(s, '100,00');
  // Voting closed: the amounts and the median show up on Anna's page live.
  await expect(fundOf(a).getByTestId('fund-phase')).toHaveText('Votazione di conferma');
  await expect(fundOf(a).getByTestId('final-amount')).toContainText('60,00');

  // Marco dismisses: a reason is required; the others acknowledge; voting restarts.
  await fundOf(m).getByRole('button', { name: 'Rifiuta', exact: true }).click();
  const dismiss = m.getByRole('dialog');
  await dismiss.getByRole('button', { name: "Rifiuta l'importo" }).click();
  await expect(dismiss.getByRole('alert')).toHaveText('Indica un motivo per il rifiuto');
  await dismiss.getByLabel('Motivo del rifiuto').fill('Troppo per me questo mese');
  await dismiss.getByRole('button', { name: "Rifiuta l'importo" }).click();
  await expect(fundOf(a).getByTestId('dismissal-reason')).toHaveText('Troppo per me questo mese');
  for (const page of [a, s]) await fundOf(page).getByRole('button', { name: 'Ho preso visione' }).click();
  await expect(fundOf(m).getByLabel('Il tuo importo mensile (€)')).toBeVisible();

  for (const page of [a, m, s]) await voteAmount(page, '50');
  for (const page of [a, m, s]) {
    await expect(fundOf(page).getByTestId('final-amount')).toContainText('50,00');
    await fundOf(page).getByRole('button', { name: 'Accetta', exact: true }).click();
    await expectToast(page, 'Voto inviato');
  }

  // Activated: the draw is shown and verifies in the browser; everyone votes 14 days.
  await expect(fundOf(s).getByTestId('fund-phase')).toHaveText('Votazione della data di prelievo');
  await fundOf(s).getByTestId('draw-proof').locator('summary').click();
  await fundOf(s).getByRole('button', { name: 'Verifica' }).click();
  await expect(fundOf(s).getByTestId('draw-checks')).toContainText('Impegno: corrisponde');
  await expect(fundOf(s).getByTestId('draw-checks')).not.toContainText('non corrisponde');
  for (const page of [a, m, s]) {
    await fundOf(page).getByRole('radio', { name: '14 giorni (minimo)' }).check();
    await fundOf(page).getByTestId('date-vote').getByRole('button', { name: 'Vota' }).click();
    await expectToast(page, 'Voto inviato');
  }

  // Round 1: the window opens 7 days before the withdrawal date.
  let roles = await roundRoles(members, 1, 3);
  await expect(roles.payers[0]!.page.getByTestId('contribute-button')).toBeDisabled();
  await fastForward(a, '+7 giorni');
  // On a phone, the thing to do now is on the first screen: pay; for the recipient without a
  // payout account, connect one before the round would be refunded.
  await expectNowOnFirstScreen(roles.payers[0]!.page, 'contribute');
  await expectNowOnFirstScreen(roles.recipient.page, 'connect_payout', { countdown: false });
  // On a train: the installed app shows the last known home and fund, and what is owed.
  await expectLastKnownStateOffline(roles.payers[0]!.page);
  for (const payer of roles.payers) await contributeManually(payer.page);
  await confirmAndWithdraw(roles.recipient.page, 2);

  // Round 2: one payer misses the window; past the withdrawal date an emergency vote opens.
  roles = await roundRoles(members, 2, 3);
  const [payer, misser] = roles.payers as [typeof anna, typeof anna];
  await fastForward(payer.page, '+7 giorni');
  await contributeManually(payer.page);
  await fundOf(roles.recipient.page)
    .getByRole('button', { name: /Conferma ricezione da/ })
    .click();
  await expect(fundOf(payer.page).getByText('Hai contribuito in questo turno.')).toBeVisible();
  await expect(fundOf(misser.page).getByTestId('countdown').first()).toHaveAttribute(
    'data-status',
    'running',
  );
  await fastForward(roles.recipient.page, '+7 giorni');
  await expect(fundOf(misser.page).getByTestId('emergency-vote')).toContainText(
    'Manca il tuo contributo: gli altri stanno votando',
  );
  for (const voter of [roles.recipient.page, payer.page]) {
    const vote = fundOf(voter).getByTestId('emergency-vote');
    await expect(vote).toContainText(`Contributo mancante di ${misser.who.firstName} Rossi`);
    await expect(vote).toContainText('1 richiamo');
    await vote.getByRole('button', { name: 'Salta questo turno' }).click();
    await expectToast(voter, 'Voto inviato');
  }
  // Skipped: the recipient receives the one contribution; the strike stays on the member.
  await expect(fundOf(a).getByTestId('strikes')).toHaveText('1 richiamo');
  // One button to withdraw, the Now card's (the round below does not repeat it).
  await roles.recipient.page.getByRole('button', { name: 'Preleva il fondo' }).click();
  await roles.recipient.page
    .getByRole('dialog')
    .getByRole('button', { name: 'Preleva', exact: true })
    .click();
  await expectToast(roles.recipient.page, 'Fondo distribuito');

  // Round 3, then the cycle completes and its history is there for everyone.
  roles = await roundRoles(members, 3, 3);
  await fastForward(roles.recipient.page, '+7 giorni');
  for (const p of roles.payers) await contributeManually(p.page);
  await confirmAndWithdraw(roles.recipient.page, 2);
  for (const page of [a, m, s]) {
    await expect(page.getByTestId('fund-start').getByText('Il ciclo 1 è completato.')).toBeVisible();
    const cycle = page.getByTestId('history-cycle');
    await expect(cycle).toContainText('Ciclo 1');
    await expect(cycle.locator('ol li')).toHaveCount(3);
  }
  await expect(a.getByRole('button', { name: 'Avvia il prossimo ciclo' })).toBeVisible();
});
