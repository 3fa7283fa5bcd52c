import { expect, type Page } from '@playwright/test';
import { fundOf, type Member, payButton } from './members';
import { checkPage } from './page-checks';

/** Votes an amount typed in euros. */
export async function voteAmount(page: Page, euros: string) {
  await fundOf(page).getByLabel('Il tuo importo mensile (€)').fill(euros);
  await fundOf(page).getByRole('button', { name: 'Vota', exact: true }).click();
  await expectToast(page, 'Voto inviato');
}

/** The one visible toast (SPEC §9) says `title`. */
export async function expectToast(page: Page, title: string) {
  await expect(
    page.getByRole('region', { name: /Notifiche/ }).getByText(title, { exact: true }),
  ).toBeVisible();
}

/**
 * Issue 13: on a phone (390×844, the page reloaded there), the Now card at the top of home names
 * `kind`, and its button and its countdown are on the first screen without scrolling. An account to
 * connect while the round still collects has no countdown: its 24 hours start once every
 * contribution is in (`countdown: false`, and none is shown).
 */
export async function expectNowOnFirstScreen(page: Page, kind: string, { countdown = true } = {}) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const card = page.getByTestId('now-card');
  // In both languages (English picked, then Italian again: the member's saved choice).
  for (const language of ['it', 'en', 'it'] as const) {
    if (language !== (await page.locator('html').getAttribute('lang'))) {
      await page.getByTestId('language-switcher').selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
    }
    await expect(card).toHaveAttribute('data-kind', kind);
    await expect(card.getByTestId('now-action')).toBeInViewport({ ratio: 1 });
    if (countdown) await expect(card.getByTestId('countdown')).toBeInViewport({ ratio: 1 });
    else await expect(card.getByTestId('countdown')).toHaveCount(0);
    await checkPage(page, `home with the Now card "${kind}" (${language}, phone)`);
  }
  if (size) await page.setViewportSize(size);
}

/** Moves the server's test clock with the dashboard's control. */
export async function fastForward(page: Page, label: '+1 ora' | '+1 giorno' | '+7 giorni') {
  await page.getByTestId('test-clock').getByRole('button', { name: label }).click();
  await expectToast(page, 'Orario spostato');
}

/** Finds this round's recipient and the members who pay, as each member's own screen says. */
export async function roundRoles(members: Member[], roundNumber: number, total: number) {
  let recipient: Member | undefined;
  const payers: Member[] = [];
  for (const member of members) {
    const panel = member.page.getByTestId('round-panel');
    await expect(panel.getByRole('heading', { name: `Turno ${roundNumber} di ${total}` })).toBeVisible();
    const text = await member.page.getByTestId('round-recipient').textContent();
    if (text?.includes('È il tuo turno di ricevere')) recipient = member;
    else payers.push(member);
  }
  expect(recipient).toBeDefined();
  return { recipient: recipient!, payers };
}

/** Declares a manual contribution of the fixed amount through the contribution modal. */
export async function contributeManually(page: Page) {
  const button = payButton(page);
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('contribution-amount')).toHaveText(/50,00/);
  await dialog.getByRole('radio', { name: /Manuale/ }).check();
  await dialog.getByRole('button', { name: /Ho versato/ }).click();
  await expectToast(page, 'Pagamento dichiarato');
  await expect(fundOf(page).getByText(/in attesa della conferma del beneficiario/)).toBeVisible();
  // Declared is done: the Now card does not ask for the payment again.
  await expect(page.getByTestId('now-card')).not.toHaveAttribute('data-kind', 'contribute');
}

/** The recipient confirms the declared manual payments (arriving live), then withdraws. */
export async function confirmAndWithdraw(recipient: Page, count: number) {
  const confirms = fundOf(recipient).getByRole('button', { name: /Conferma ricezione da/ });
  await expect(confirms).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await confirms.first().click();
    await expect(confirms).toHaveCount(count - i - 1);
  }
  await recipient.getByRole('button', { name: 'Preleva il fondo' }).click();
  const dialog = recipient.getByRole('dialog');
  await expect(dialog.getByText('Ricevuto manualmente')).toBeVisible();
  await dialog.getByRole('button', { name: 'Preleva', exact: true }).click();
  await expectToast(recipient, 'Fondo distribuito');
}
