import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAdmin } from '../support/admin';
import type { CaughtMail } from '../support/mail-catcher';
import { fillRegistration, type Person, person } from '../support/people';
import { readFacts } from '../support/suite-facts';

async function registerCreating(page: Page, who: Person, organization: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Accetta tutti' }).click();
  await page.getByTestId('register-tab').click();
  await page.getByTestId('create-tab').click();
  await page.getByLabel("Nome dell'organizzazione").fill(organization);
  await page.getByLabel('Tipo').selectOption('family');
  await fillRegistration(page, who);
  await page.getByRole('button', { name: 'Crea account e organizzazione' }).click();
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
}

async function mailsTo(to: string): Promise<CaughtMail[]> {
  const response = await fetch(`${process.env.E2E_MAIL_URL}/?to=${encodeURIComponent(to)}`);
  return (await response.json()) as CaughtMail[];
}

async function newcomer(browser: Browser) {
  const context = await browser.newContext();
  const who = person('nuova');
  await registerCreating(await context.newPage(), who, 'Famiglia Nuova');
  await context.close();
  return who;
}

/**
 * Issue 7, monitoring and emails, after the members' journeys: the admin named by ADMIN_EMAILS
 * sees the requests the suite made (the payments journey's withdrawal under its recipient's
 * id), the emails sent, edits the Italian verification template (a wrong placeholder refused,
 * a preview with sample data), and the next person to register gets the edited email.
 */
test('an admin follows the API and the emails, and edits a template the next email uses', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);

  await page.goto('/admin/api-monitoring');
  await expect(page.getByRole('heading', { name: 'Monitoraggio API', level: 1 })).toBeVisible();
  await expect(page.getByText('Stato del processo')).toBeVisible();
  await page.getByRole('button', { name: 'Ultime 24 ore' }).click();
  await expect(
    page.getByRole('region', { name: 'Ultime 24 ore' }).getByText('POST /api/register'),
  ).toBeVisible();

  await page.goto('/admin/api-logs');
  await page.getByLabel('Modello del percorso').fill('/api/register');
  await page.getByRole('button', { name: 'Applica i filtri' }).click();
  await expect(page.getByText('POST /api/register').first()).toBeVisible();
  await expect(page.getByText('GET /api/user')).toHaveCount(0);
  // The payments journey's recipient: their withdrawal is in the log under their id.
  await page.getByLabel('Modello del percorso').fill('/api/rotating-fund/:id/withdraw');
  await page.getByLabel('Id utente').fill(readFacts('payments').recipientId);
  await page.getByRole('button', { name: 'Applica i filtri' }).click();
  await expect(page.getByText('POST /api/rotating-fund/:id/withdraw').first()).toBeVisible();

  await page.goto('/admin/email-tracking');
  await expect(async () => {
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'e***@example.com' });
    await expect(row.getByText('Inviata')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText(ADMIN_EMAIL)).toHaveCount(0);

  await page.goto('/admin/email-templates');
  await page.getByLabel('Modello e lingua').selectOption('verify_email/it');
  const subject = page.getByLabel('Oggetto');
  await subject.fill('Benvenuto in Giro, {{nome}}');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByRole('alert')).toContainText('Segnaposto sconosciuto: {{nome}}.');
  await subject.fill('Benvenuto in Giro, {{name}}');
  await page.getByRole('button', { name: 'Anteprima' }).click();
  await expect(page.getByRole('region', { name: 'Anteprima con dati di esempio' })).toContainText(
    'Benvenuto in Giro, Anna Bianchi',
  );
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(
    page.getByText('Modello salvato: le prossime email lo useranno', { exact: true }),
  ).toBeVisible();

  const next = await newcomer(browser);
  await expect
    .poll(async () => (await mailsTo(next.email)).map((mail) => mail.subject), { timeout: 15_000 })
    .toContain(`Benvenuto in Giro, ${next.firstName} ${next.lastName}`);

  // Back to the default, for whoever registers after this journey.
  await page.getByLabel('Modello e lingua').selectOption('verify_email/it');
  await page.getByRole('button', { name: 'Ripristina il predefinito' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ripristina il predefinito' }).click();
  await expect(page.getByText('Modello ripristinato al predefinito', { exact: true })).toBeVisible();
  await expect(subject).toHaveValue('Conferma la tua email per Giro');
});
