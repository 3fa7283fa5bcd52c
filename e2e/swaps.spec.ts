import type { FundView } from '@giro/contract/fund';
import { expect, type Page, test } from '@playwright/test';
import { expectToast } from './support/fund-steps';
import { expectLive, fundOf, type Member, registerMember } from './support/members';
import { checkPage } from './support/page-checks';
import { apiCall } from './support/request-steps';

test.setTimeout(240_000);

const fundView = async (page: Page) =>
  (await (await page.request.get('/api/rotating-fund')).json()) as FundView;

/** The three vote, accept and pick 14 days through the API: the first round is collecting. */
async function startRound(members: Member[]) {
  const [anna] = members as [Member];
  await apiCall(anna.page, 'POST', '/api/rotating-fund');
  const { id } = await fundView(anna.page);
  const steps: [string, unknown][] = [
    ['votes/amount', { amountCents: 5000 }],
    ['votes/confirmation', { accept: true }],
    ['votes/withdrawal-date', { option: '14d' }],
  ];
  for (const [path, body] of steps)
    for (const { page } of members) {
      const answer = await apiCall(page, 'POST', `/api/rotating-fund/${id}/${path}`, body);
      expect(answer.status, path).toBe(200);
    }
  return fundView(anna.page);
}

/**
 * Issue 16: on a phone, the member with the second turn asks the one with the third to swap;
 * the third, who reads English, finds it at the top of home and accepts it in the fund. The order in force changes for
 * everyone live, the drawn order still verifies, and the swap is in the cycle's record.
 */
test('two members swap turns on a phone, in Italian and in English', async ({ browser }) => {
  const lucia = await registerMember(browser, 'lucia');
  const inviteLink = (await lucia.page.getByTestId('invite-link').textContent())!.trim();
  const members = [lucia];
  for (const prefix of ['paolo', 'rita']) members.push(await registerMember(browser, prefix, { inviteLink }));
  const fund = await startRound(members);
  const names = new Map(fund.members.map((m) => [m.id, m.displayName]));
  const pageOf = (id: string) => members.find((m) => names.get(id)!.startsWith(m.who.firstName))!;
  const [recipientId, secondId, thirdId] = fund.order as [string, string, string];
  // Each turn's expected payout: the first round's withdrawal date, then 14 days a turn.
  const expected = (turn: number, locale: 'it-IT' | 'en-GB') =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
      Date.parse(fund.round!.withdrawalAt) + (turn - 1) * 14 * 24 * 60 * 60 * 1000,
    );
  const asker = pageOf(secondId).page;
  const asked = pageOf(thirdId).page;
  for (const page of [asker, asked]) await page.setViewportSize({ width: 390, height: 844 });
  await asker.goto('/fund');
  await expectLive(asker);

  // The current recipient's turn cannot move: the API says so in Italian, and no button offers it.
  const refused = await apiCall(asker, 'POST', `/api/rotating-fund/${fund.id}/swaps`, {
    withMemberId: recipientId,
  });
  expect(refused).toEqual({
    status: 409,
    body: expect.objectContaining({
      message:
        'Questo turno non si può scambiare: solo tra membri che non hanno ancora ricevuto, e non con chi riceve ora.',
    }),
  });
  const list = fundOf(asker).getByTestId('participants');
  await expect(list.getByRole('button')).toHaveCount(1);
  await list.getByRole('button', { name: `Scambia il turno con ${names.get(thirdId)}` }).click();
  await expectToast(asker, 'Scambio chiesto');
  await expect(fundOf(asker).getByTestId('swap-mine')).toContainText(
    // Italian's "ad" before a name that starts with an a (lib/i18n.ts).
    `Hai chiesto ${/^a/i.test(names.get(thirdId)!) ? 'ad' : 'a'} ${names.get(thirdId)} di scambiare con il suo turno 3 (data prevista: ${expected(3, 'it-IT')}).`,
  );
  await checkPage(asker, 'fund with a swap asked (it, phone)');

  // The member asked finds it at the top of home, first in Italian, then in English.
  await asked.goto('/');
  const now = asked.getByTestId('now-card');
  await expect(now).toHaveAttribute('data-kind', 'answer_swap');
  await expect(now).toContainText(
    `${names.get(secondId)} ti chiede di scambiare il turno: rispondi qui sotto`,
  );
  await expect(now.getByTestId('now-action')).toBeInViewport({ ratio: 1 });
  await checkPage(asked, 'home with a swap to answer (it, phone)');
  await asked.getByTestId('language-switcher').selectOption('en');
  await expect(asked.locator('html')).toHaveAttribute('lang', 'en');
  await expect(now).toContainText(`${names.get(secondId)} asks to swap turns with you: answer below`);
  await now.getByTestId('now-action').click();
  const card = fundOf(asked).getByTestId('swap-asked-of-me');
  await expect(card).toBeInViewport();
  await expect(card).toContainText(
    `${names.get(secondId)} asks to swap turns: you would receive at turn 2 (expected ${expected(2, 'en-GB')}) instead of turn 3 (expected ${expected(3, 'en-GB')}).`,
  );
  await checkPage(asked, 'fund with a swap to answer (en, phone)');
  await card.getByRole('button', { name: 'Accept the swap' }).click();
  await expect(
    asked.getByRole('region', { name: /Notifications/ }).getByText('Turns swapped', { exact: true }),
  ).toBeVisible();

  // Everyone sees the new order and the swap; the drawn order still verifies.
  const after = await fundView(asker);
  expect(after.order).toEqual([recipientId, thirdId, secondId]);
  expect(after.drawnOrder).toEqual(fund.order);
  await expect(fundOf(asker).getByTestId('swap-history')).toContainText(
    `${names.get(secondId)} e ${names.get(thirdId)} hanno scambiato il turno`,
  );
  await expect(fundOf(asker).getByTestId('participant').nth(1)).toContainText(names.get(thirdId)!);
  await fundOf(asked).getByTestId('draw-proof').locator('summary').click();
  await fundOf(asked).getByRole('button', { name: 'Verify' }).click();
  await expect(fundOf(asked).getByTestId('draw-checks')).toContainText('Order');
  await expect(fundOf(asked).getByTestId('draw-checks')).not.toContainText('mismatch');
  await checkPage(asked, 'fund after a swap (en, phone)');
});
