import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { linkFromMail } from './mail';
import { fillRegistration, type Person, person } from './people';

export interface Member {
  who: Person;
  page: Page;
}

/** Registers in a fresh browser context (creating the family, or joining by the invite link) and verifies the email. */
export async function registerMember(
  browser: Browser,
  prefix: string,
  join?: { inviteLink: string },
  /** Where the browser is (passkeys need `localhost`, not an IP address) and how it looks. */
  contextOptions: BrowserContextOptions = {},
): Promise<Member> {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const who = person(prefix);
  if (join) {
    await page.goto(join.inviteLink);
    await page.getByRole('button', { name: 'Accetta tutti' }).click();
    await fillRegistration(page, who);
    await page.getByRole('button', { name: 'Crea account e unisciti' }).click();
  } else {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Accetta tutti' }).click();
    await page.getByTestId('register-tab').click();
    await page.getByTestId('create-tab').click();
    await page.getByLabel("Nome dell'organizzazione").fill('Famiglia Giro');
    await page.getByLabel('Tipo').selectOption('family');
    await fillRegistration(page, who);
    await page.getByRole('button', { name: 'Crea account e organizzazione' }).click();
  }
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
  // Paying needs a verified email (domain.md, Money): follow the emailed link.
  await page.goto(await linkFromMail(who.email, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verificata' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
  return { who, page };
}

export const fundOf = (page: Page) => page.getByTestId('fund-section');

/**
 * The one button that pays this member's contribution: the Now card's, or the round's when the
 * card asks something else first. One on the page: two would fail here (strict locator).
 */
export const payButton = (page: Page) => page.getByRole('button', { name: /^Versa \d/ });

/** The real-time channel is authenticated and resynced: what follows must arrive live. */
export async function expectLive(...pages: Page[]) {
  for (const page of pages) {
    await expect(page.getByTestId('realtime-status').first()).toHaveAttribute('data-state', 'live', {
      timeout: 15_000,
    });
  }
}
