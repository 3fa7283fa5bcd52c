import { expect, type Page, test } from '@playwright/test';
import { signInAdmin } from '../support/admin';
import { registerMember } from '../support/members';
import { readFacts } from '../support/suite-facts';

const ADMIN_ROUTES = [
  '/api/admin/overview',
  '/api/admin/invite-tracking',
  '/api/admin/statistics',
  '/api/admin/fund-metrics',
  '/api/admin/reconciliation',
];

/** "1.234,56 €" (Italian, as the admin pages write it) as integer cents. */
async function centsOf(figure: ReturnType<Page['locator']>): Promise<number> {
  const text = (await figure.textContent())!.replace(/[^\d,−-]/g, '').replace('−', '-');
  return Math.round(Number(text.replace(',', '.')) * 100);
}

/** One headline figure of an admin page, by its label. */
const figure = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`).first();

/**
 * Issue 7, insights, after the members' journeys: a family whose second member joins by the
 * invite link; the member's statistics page; a member refused every admin route; the admin's
 * home, invite tracking (this family's code with its visit and registration, and the payments
 * journey's code with its three registrations; a tester invite issued and revoked), statistics
 * holding at least the payments journey's money and fee, fund metrics counting its declined
 * card, each chart with its table, and a reconciliation run from the page finding nothing.
 */
test('an admin reads invite tracking, statistics and fund metrics; a member has their statistics and no admin page', async ({
  page,
  browser,
}) => {
  const anna = await registerMember(browser, 'stat');
  const inviteLink = (await anna.page.getByTestId('invite-link').textContent())!.trim();
  const code = inviteLink.split('/').at(-1)!;
  const luca = await registerMember(browser, 'luca', { inviteLink });

  await luca.page.getByTestId('statistics-link').click();
  await expect(luca.page.getByRole('heading', { name: 'Le mie statistiche', level: 1 })).toBeVisible();
  await expect(luca.page.getByTestId('statistics-totals')).toContainText('Versato0,00');
  await expect(luca.page.getByTestId('statistics-empty')).toBeVisible();
  const download = luca.page.waitForEvent('download');
  await luca.page.getByTestId('statement-download').click();
  expect((await download).suggestedFilename()).toBe('giro-statement.csv');

  for (const path of ADMIN_ROUTES) expect((await luca.page.request.get(path)).status(), path).toBe(404);
  await luca.page.goto('/admin/invite-tracking');
  await expect(luca.page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();

  await signInAdmin(page);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-card-invite-tracking')).toContainText('Visite agli inviti');
  await expect(page.getByTestId('admin-card-statistics')).toContainText('Denaro movimentato');
  // The admins: Luca is made one by his username, opens an admin page, and the role is taken back.
  const admins = page.getByTestId('admins-panel');
  await admins.getByLabel(/Nome utente o email/).fill(luca.who.username);
  await admins.getByRole('button', { name: 'Rendi amministratore' }).click();
  const lucaRow = admins.getByTestId('admin-row').filter({ hasText: `@${luca.who.username}` });
  await expect(lucaRow).toBeVisible();
  expect((await luca.page.request.get('/api/admin/fund-metrics')).status()).toBe(200);
  await lucaRow.getByRole('button', { name: 'Togli il ruolo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Togli il ruolo' }).click();
  await expect(lucaRow).toHaveCount(0);
  expect((await luca.page.request.get('/api/admin/fund-metrics')).status()).toBe(404);
  await page.getByTestId('admin-card-invite-tracking').click();
  await expect(page.getByRole('heading', { name: 'Tracciamento inviti', level: 1 })).toBeVisible();
  const row = page.getByTestId('invite-codes').getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Famiglia Giro (Famiglia)');
  // Luca's visit of the link and his registration with it.
  await expect(row.getByRole('cell').nth(1)).not.toHaveText('0');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  // The payments journey's family: three joined with its code.
  const payments = readFacts('payments');
  const paymentsRow = page
    .getByTestId('invite-codes')
    .getByRole('row')
    .filter({ hasText: payments.inviteCode });
  await expect(paymentsRow.getByRole('cell').nth(2)).toHaveText(String(payments.registrationsWithCode));

  await page.getByLabel('Scade tra (giorni)').fill('3');
  await page.getByRole('button', { name: 'Crea invito' }).click();
  const url = (await page.getByTestId('issued-invite-url').textContent())!.trim();
  const testerCode = url.split('/').at(-1)!;
  const invite = page.getByTestId('tester-invite').filter({ hasText: testerCode });
  await expect(invite).toContainText('attivo');
  await invite.getByRole('button', { name: 'Revoca' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoca' }).click();
  await expect(invite).toContainText('revocato');
  expect((await page.request.get(`/api/invite/${testerCode}`)).status()).toBe(404);

  await page.goto('/admin/statistics');
  await expect(page.getByTestId('statistics-figures')).toContainText('Utenti');
  // Every journey's money is in there: at least the payments round's gross and fee.
  expect(await centsOf(figure(page, 'Denaro movimentato'))).toBeGreaterThanOrEqual(
    payments.platformGrossCents,
  );
  expect(await centsOf(figure(page, 'Commissioni'))).toBeGreaterThanOrEqual(payments.feeCents);
  await page.getByText('Mostra come tabella').first().click();
  await expect(page.getByRole('table').first()).toContainText('Famiglia');

  await page.goto('/admin/fund-metrics');
  await expect(page.getByTestId('fund-figures')).toContainText('Contributi puntuali');
  expect(Number(await figure(page, 'Carta rifiutata').textContent())).toBeGreaterThanOrEqual(
    payments.declinedCards,
  );
  await expect(page.getByRole('figure').filter({ hasText: 'Fondi per fase' })).toBeVisible();
  // Issue 17: the ledger against the sandbox provider's own book, after every journey's money.
  const reconciliation = page.getByTestId('reconciliation');
  await reconciliation.getByRole('button', { name: 'Riconcilia adesso' }).click();
  await expect(reconciliation).toContainText('Il registro e il fornitore concordano.');
  await expect(reconciliation).toContainText('Eseguita da un amministratore');
});
