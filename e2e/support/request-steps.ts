import { expect, type Page } from '@playwright/test';
import { expectToast } from './fund-steps';

export const requestsOf = (page: Page) => page.getByTestId('requests-section');

/** Creates a request from the dashboard's form (labels in Italian, the default language). */
export async function createRequest(page: Page, title: string, euros: string) {
  await requestsOf(page).getByRole('button', { name: 'Nuova richiesta' }).click();
  const form = page.getByTestId('request-form');
  await form.getByLabel('Titolo').fill(title);
  await form.getByLabel('Importo obiettivo (€)').fill(euros);
  await form.getByRole('button', { name: 'Crea richiesta' }).click();
  await expectToast(page, 'Richiesta creata');
}

/** Contributes to the active request from the dashboard: PayPal, or a sandbox card with its address. */
export async function contribute(
  page: Page,
  euros: string,
  options: { message?: string; card?: boolean } = {},
) {
  await requestsOf(page).getByTestId('active-request').getByRole('button', { name: 'Contribuisci' }).click();
  const dialog = page.getByTestId('request-contribute');
  await dialog.getByLabel('Importo (€)').fill(euros);
  if (options.message) await dialog.getByLabel('Messaggio (facoltativo)').fill(options.message);
  if (options.card) {
    await dialog.getByRole('radio', { name: /Carta/ }).check();
    await dialog.getByLabel('Indirizzo', { exact: true }).fill('Via Roma 1');
    await dialog.getByLabel('Città').fill('Milano');
    await dialog.getByLabel('CAP').fill('20100');
    await dialog.getByLabel('Paese').selectOption('IT');
  }
  await dialog.getByRole('button', { name: 'Contribuisci' }).click();
  // PayPal counts once PayPal confirms the capture, moments later: the toast says so.
  await expectToast(page, options.card ? 'Pagamento con carta inviato' : 'Pagamento PayPal inviato');
  await expect(dialog).toBeHidden();
}

/** An API call with the page's session and CSRF token, as the app makes it, in Italian. */
export async function apiCall(page: Page, method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown) {
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
  const response = await page.request.fetch(url, {
    method,
    headers: {
      'x-csrf-token': csrfToken,
      'accept-language': 'it',
      ...(data === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: (await response.json()) as { message: string; id?: string } };
}

/** The three stats of the dashboard, read from the ledger by the server. */
export async function stats(page: Page) {
  const value = (label: string) =>
    page.locator('dl > div').filter({ hasText: label }).locator('dd').textContent();
  return {
    given: await value('Totale versato'),
    received: await value('Totale ricevuto'),
    balance: await value('Saldo attuale'),
  };
}

/** Connects a payment account on the sandbox onboarding page, from the account settings. */
export async function connectPaymentAccount(page: Page) {
  await page.goto('/account');
  await page.getByTestId('payout-account').getByRole('button', { name: 'Collega un conto' }).click();
  await expect(page).toHaveURL(/\/sandbox\/onboarding\/acct_sbx_/);
  await page.getByRole('button', { name: "Completa l'attivazione" }).click();
  await expect(page).toHaveURL(/\/account\/stripe\/return$/);
  await expectToast(page, 'Conto collegato: puoi ricevere i pagamenti');
}

/**
 * From a request's page, its way back: the requests page, the section the bottom bar shows it
 * in. Then home by the app's own link (no reload: the page stays live), where the journey goes
 * on with the fund's live badge and the stats.
 */
export async function backToRequests(page: Page) {
  await page.getByRole('link', { name: 'Richieste di aiuto', exact: true }).click();
  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Richieste di aiuto' })).toBeVisible();
  await expect(requestsOf(page)).toBeVisible();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}
