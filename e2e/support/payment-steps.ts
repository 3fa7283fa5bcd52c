import { expect, type Page } from '@playwright/test';
import { expectToast } from './fund-steps';
import { fundOf, payButton } from './members';

/** Opens the contribution modal of the current round (the window must be open). */
async function openContribution(page: Page) {
  const button = payButton(page);
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('contribution-amount')).toBeVisible();
  return dialog;
}

/**
 * Pays by card with a sandbox test payment method id and a complete billing address: typed the
 * first time; after a card payment (`saved`), the card is preselected and the address filled in.
 */
export async function contributeByCard(page: Page, paymentMethodId: string, saved = false) {
  const dialog = await openContribution(page);
  const card = dialog.getByRole('radio', { name: /^Carta/ });
  if (saved) {
    await expect(card).toBeChecked();
    await expect(dialog.getByLabel('Indirizzo', { exact: true })).toHaveValue('Via Roma 1');
    await expect(dialog.getByLabel('Città')).toHaveValue('Milano');
    await expect(dialog.getByLabel('CAP')).toHaveValue('20100');
    await expect(dialog.getByLabel('Paese')).toHaveValue('IT');
  } else {
    await card.check();
    await dialog.getByLabel('Indirizzo', { exact: true }).fill('Via Roma 1');
    await dialog.getByLabel('Città').fill('Milano');
    await dialog.getByLabel('CAP').fill('20100');
    await dialog.getByLabel('Paese').selectOption('IT');
  }
  await dialog.getByLabel('Id della carta di prova').fill(paymentMethodId);
  await dialog.getByRole('button', { name: /^Versa \d/ }).click();
  await expectToast(page, 'Pagamento con carta inviato');
}

/** PayPal counts once PayPal confirms the capture (the toast says so); by hand, at once as declared. */
export async function contributeWith(page: Page, method: 'PayPal' | 'Manuale') {
  const dialog = await openContribution(page);
  await dialog.getByRole('radio', { name: new RegExp(`^${method}`) }).check();
  await dialog.getByRole('button', { name: method === 'PayPal' ? /^Versa \d/ : /^Ho versato/ }).click();
  await expectToast(page, method === 'PayPal' ? 'Pagamento PayPal inviato' : 'Pagamento dichiarato');
  if (method === 'PayPal') {
    // Sent is not paid: processing until PayPal's capture is recorded, never a second button to
    // pay meanwhile (issue 13, honest progress); then paid.
    await expect(page.getByTestId('now-card')).not.toHaveAttribute('data-kind', 'contribute', {
      timeout: 1_000,
    });
    await expect(fundOf(page).getByText('Hai contribuito in questo turno.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('payment-processing')).toHaveCount(0);
  }
}

/** The payout account panel's status, as its badge says it. */
export const payoutStatus = (page: Page) => page.getByTestId('payout-account-status');

/** One of the dashboard's personal stats (read from the ledger), e.g. 'Totale ricevuto'. */
export const stat = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`);

/** Reloads the dashboard until a stat shows `amount` (a payout lands when the worker has run). */
export async function expectStat(page: Page, label: string, amount: RegExp) {
  await expect(async () => {
    await page.goto('/');
    await expect(stat(page, label)).toHaveText(amount, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

export { fundOf };
