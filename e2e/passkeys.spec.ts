import { readFileSync } from 'node:fs';
import { type CDPSession, devices, expect, type Page, type Request, test } from '@playwright/test';
import type { CaughtMail } from './support/mail-catcher';
import { registerMember } from './support/members';
import { checkPage } from './support/page-checks';
import { apiCall } from './support/request-steps';

test.setTimeout(240_000);

const port = Number(process.env.E2E_PORT ?? 5123);
// WebAuthn refuses IP addresses: this journey runs on localhost (WEBAUTHN_RP_ID, global-setup).
const origin = `http://localhost:${port}`;

/**
 * Chromium's virtual authenticator (DevTools `WebAuthn` domain): a phone's platform passkey. It
 * answers every request at once; `present(false)` leaves them waiting, as a member who has not
 * touched anything yet.
 */
async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    present: (enabled: boolean) =>
      cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

async function mailsTo(email: string): Promise<CaughtMail[]> {
  const response = await fetch(`${process.env.E2E_MAIL_URL}/?to=${encodeURIComponent(email)}`);
  return (await response.json()) as CaughtMail[];
}

const subjectsTo = async (email: string) => (await mailsTo(email)).map((mail) => mail.subject);

/**
 * Issue 18: on her phone, in Italian, Anna adds a passkey and then signs in with it alone; a
 * replayed answer is refused. On a laptop she signs in with her password (a new browser: she is
 * told by email), switches to English, and sees both browsers; ending the laptop's session from
 * the phone signs the laptop out on its next request. Her data downloads without secrets.
 */
test('a passkey signs a member in alone; sessions and security events are hers to see', async ({
  browser,
}) => {
  // A phone (its own user agent: "Chrome · Android" in the sessions list), 390×844.
  const phone = { ...devices['Pixel 7'], baseURL: origin, viewport: { width: 390, height: 844 } };
  const anna = await registerMember(browser, 'anna', undefined, phone);
  const page = anna.page;
  const authenticator = await virtualAuthenticator(page);

  await page.goto('/account#security');
  const security = page.getByTestId('security-card');
  await expect(security.getByRole('heading', { name: 'Sicurezza e dati' })).toBeVisible();
  // The security emails' link lands on the card, far down the page on a phone.
  await expect(security.getByRole('heading', { name: 'Sicurezza e dati' })).toBeInViewport();
  await security.getByLabel('Nome della passkey').fill('Telefono di Anna');
  await security.getByLabel('La tua password (per conferma)').fill(anna.who.password);
  await security.getByTestId('add-passkey').click();
  await expect(security.getByTestId('passkey-row')).toContainText('Telefono di Anna');
  await expect(page.getByText('Passkey “Telefono di Anna” aggiunta', { exact: true })).toBeVisible();
  await checkPage(page, 'account security, phone, Italian');
  await expect.poll(() => subjectsTo(anna.who.email)).toContain('Giro: passkey aggiunta');

  // Signed out, the passkey alone signs her in: no username, no password. First picked among the
  // username field's suggestions (conditional UI), which the virtual authenticator does by itself.
  const isSignIn = (request: Request) =>
    request.url().endsWith('/api/passkeys/authentication') && request.method() === 'POST';
  const signIns: Request[] = [];
  page.on('request', (request) => isSignIn(request) && signIns.push(request));
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
  expect(signIns).toHaveLength(1);

  // Then with the button, pressed while the suggestions wait for her: a browser runs one request
  // at a time, so the button ends that wait before asking; one sign-in comes of it, the button's.
  await page.goto('/account');
  await authenticator.present(false);
  const suggestionsOffered = page.waitForResponse((response) =>
    response.url().endsWith('/api/passkeys/authentication/options'),
  );
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/auth/);
  await suggestionsOffered;
  // A task later the suggestions' request is with the browser (the answer's continuation ran).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  // She touches the phone as the button's request goes out.
  await page.route('**/api/passkeys/authentication/options', async (route) => {
    await authenticator.present(true);
    await route.continue();
  });
  const answer = page.waitForRequest(isSignIn);
  await page.getByTestId('passkey-sign-in').click();
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
  expect(signIns).toHaveLength(2);
  await page.unroute('**/api/passkeys/authentication/options');
  const signedWith = (await answer).postDataJSON();
  // The same answer a second time (a replay) signs nobody in: its challenge was used.
  const replay = await apiCall(page, 'POST', '/api/passkeys/authentication', signedWith);
  expect(replay.status).toBe(400);
  expect(replay.body).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });

  // The laptop: the password, in English after the switch; a new browser, so an email.
  const laptopContext = await browser.newContext({ baseURL: origin, locale: 'en-GB' });
  const laptop = await laptopContext.newPage();
  await laptop.goto('/auth');
  await laptop.getByRole('button', { name: /Accept all|Accetta tutti/ }).click();
  await laptop.getByTestId('language-switcher').selectOption('en');
  await laptop.getByLabel('Username or email').fill(anna.who.username);
  await laptop.getByLabel('Password', { exact: true }).fill(anna.who.password);
  await laptop.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(laptop.getByTestId('dashboard-welcome')).toBeVisible();
  await laptop.getByTestId('language-switcher').selectOption('en');
  // The pick is saved to her account: let that request finish before the page is left.
  await laptop.waitForLoadState('networkidle');
  await laptop.goto('/account#security');
  const laptopSecurity = laptop.getByTestId('security-card');
  await expect(laptopSecurity.getByRole('heading', { name: 'Security and your data' })).toBeVisible();
  await expect(laptopSecurity.getByTestId('session-row')).toHaveCount(2);
  await expect(laptopSecurity.getByText('this browser')).toBeVisible();
  await expect(laptopSecurity.getByTestId('security-events')).toContainText(
    'Passkey added: Telefono di Anna',
  );
  await checkPage(laptop, 'account security, desktop, English');
  await expect.poll(() => subjectsTo(anna.who.email)).toContain('Giro: nuovo accesso');

  // From the phone, the laptop's session ends; the laptop is signed out at its next request.
  await page.goto('/account#security');
  const rows = page.getByTestId('security-card').getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasNotText: 'questo browser' }).getByTestId('end-session').click();
  await expect(rows).toHaveCount(1);
  expect((await laptop.request.get('/api/user')).status()).toBe(401);
  await laptop.goto('/account');
  await expect(laptop).toHaveURL(/\/auth/);

  // Her data: a file with her email and her passkey's name, and none of the secrets.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-data').click();
  const file = readFileSync((await (await download).path())!, 'utf8');
  const data = JSON.parse(file);
  expect(data.profile.email).toBe(anna.who.email);
  expect(data.passkeys.map((p: { name: string }) => p.name)).toEqual(['Telefono di Anna']);
  expect(file).not.toMatch(/\$argon2|passwordHash|password_hash|publicKey|credentialId/);
  await laptopContext.close();
  await page.context().close();
});

/** From an address that is not this site's relying party, a passkey cannot be used at all. */
test('a passkey is refused away from its origin', async ({ browser }) => {
  const context = await browser.newContext(); // http://127.0.0.1: not localhost
  const page = await context.newPage();
  await virtualAuthenticator(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Accetta tutti' }).click();
  await page.getByTestId('passkey-sign-in').click();
  await expect(page.getByText('Accesso con passkey non riuscito', { exact: true })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await context.close();
});
