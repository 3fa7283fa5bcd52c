import type { DebtView } from '@giro/contract/debts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/ui/toaster';
import { fundQuery } from '../features/fund/api/fund-queries';
import { useNotifications } from '../features/fund/api/notifications';
import { FundSection } from '../features/fund/components/fund-section';
import { createQueryClient } from '../lib/query-client';
import { testCollectingFund, testEmergencyVote } from '../test/fund-fixture';
import { fakeServer, renderAt } from '../test/render-page';
import { DebtNowWithoutOrganization, MemberNow, prefetchNowCard, useNowCardAbove } from './member-now';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DEBT = '00000000-0000-4000-8000-0000000000d1';
const debt = (over: Partial<DebtView> = {}): DebtView => ({
  id: DEBT,
  debtorId: 'u1',
  creditorId: 'u3',
  debtorName: 'Anna Bianchi',
  creditorName: 'Sara Verdi',
  amountCents: 5000,
  reason: 'cover',
  status: 'open',
  createdAt: '2030-01-01T00:00:00.000Z',
  repaymentDeclaredAt: null,
  settledAt: null,
  creditorCanReceive: true,
  ...over,
});

/** u1 has paid this round (nothing owed to the fund), u3 has not: u1 may pay for u3. */
const paidUp = testCollectingFund({ expectedContributors: ['u1', 'u3'], contributedBy: ['u1'] });

/** The card as a first load draws it (app/page-data): what it reads beside the fund asked for first. */
async function renderFirstLoad(userId: string) {
  const client = createQueryClient();
  await client.prefetchQuery(fundQuery);
  await prefetchNowCard(client, userId);
  renderAt('/', <MemberNow userId={userId} />, client);
}

const show = () =>
  renderAt(
    '/',
    <>
      <MemberNow userId="u1" />
      <Toaster />
    </>,
  );

describe('the Now card with what lies outside the fund (issue 16)', () => {
  it('a debt to repay comes before the fund’s news; declaring it repaid sends one manual settlement', async () => {
    const calls = fakeServer({
      'GET /api/rotating-fund': paidUp,
      'GET /api/debts': { debts: [debt()] },
      [`POST /api/debts/${DEBT}/settle`]: debt({ repaymentDeclaredAt: '2030-01-02T00:00:00.000Z' }),
    });
    show();
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.dataset.kind).toBe('repay_debt'));
    await waitFor(
      () =>
        expect(card.textContent?.replace(/\s/g, ' ')).toContain(
          'Devi 50,00 € a Sara Verdi: ha coperto il tuo contributo',
        ),
      { timeout: 5000 },
    );
    // Owing a member, one is not asked to pay for another on the same card.
    expect(within(card).queryByTestId('cover-members')).toBeNull();
    // The tap only asks: she would be told to confirm money she has not had.
    const ask = async () => {
      fireEvent.click(within(card).getByTestId('now-action'));
      return screen.findByRole('dialog', { name: /^Hai restituito 50,00\s€ a Sara Verdi\?$/ });
    };
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Sì, li ho restituiti' }));
    expect(await screen.findByText('Restituzione dichiarata')).toBeTruthy();
    const settle = calls.find((c) => c.method === 'POST');
    expect(settle).toMatchObject({ url: `/api/debts/${DEBT}/settle`, body: { method: 'manual' } });
  });

  it('to a creditor the platform cannot pay yet, the debt is repaid by hand only: no card or PayPal offered', async () => {
    fakeServer({
      'GET /api/rotating-fund': paidUp,
      'GET /api/debts': { debts: [debt({ creditorCanReceive: false })] },
    });
    show();
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.textContent).toContain('quando avrà collegato un conto'), {
      timeout: 5000,
    });
    expect(within(card).getByTestId('now-action').textContent).toContain('Ho restituito 50,00');
    expect(within(card).queryByRole('button', { name: /con carta o PayPal/ })).toBeNull();
  });

  it('a debt may be paid through the platform instead: PayPal, with its own key', async () => {
    const calls = fakeServer({
      'GET /api/rotating-fund': paidUp,
      'GET /api/debts': { debts: [debt()] },
      [`POST /api/debts/${DEBT}/settle`]: debt({ status: 'settling' }),
    });
    show();
    const card = await screen.findByTestId('now-card');
    fireEvent.click(
      await within(card).findByRole(
        'button',
        { name: /Paga 50,00\s€ con carta o PayPal/ },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText(/arrivano a Sara Verdi per intero/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /PayPal/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Paga 50,00/ }));
    expect(await screen.findByText('Restituzione inviata')).toBeTruthy();
    const settle = calls.find((c) => c.method === 'POST');
    expect(settle).toMatchObject({ url: `/api/debts/${DEBT}/settle`, body: { method: 'paypal' } });
  });

  it('with nothing owed, "Pay for …" next to each participant still unpaid, for their contribution', async () => {
    const calls = fakeServer({ 'GET /api/rotating-fund': paidUp, 'GET /api/debts': { debts: [] } });
    show();
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.dataset.kind).toBe('recipient_next'));
    fireEvent.click(
      await within(card).findByRole('button', { name: 'Versa per Sara Verdi' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('cover-explain').textContent).toContain(
      'Questo versamento conta come contributo di Sara Verdi',
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: /Manuale/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Ho versato 50/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ method: 'manual', onBehalfOf: 'u3' }),
    );
  });

  it('a round not yet open offers no cover', async () => {
    fakeServer({
      'GET /api/rotating-fund': testCollectingFund({ windowOpensAt: '2099-01-01T00:00:00.000Z' }),
      'GET /api/debts': { debts: [] },
    });
    show();
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.dataset.kind).toBe('window_opens'));
    expect(within(card).queryByTestId('cover-members')).toBeNull();
  });
});

describe('a debt where no fund shows it', () => {
  it('an organization without a fund: the debt on a card of its own, the other member named by the debt', async () => {
    fakeServer({
      // No fund (the fake answers 404 for what it does not know).
      'GET /api/debts': { debts: [debt({ creditorName: 'Marta Neri' })] },
    });
    show();
    const card = await screen.findByTestId('now-card', {}, { timeout: 5000 });
    expect(card.dataset.kind).toBe('repay_debt');
    await waitFor(() => expect(card.textContent?.replace(/\s/g, ' ')).toContain('Devi 50,00 € a Marta Neri'));
  });

  it('a member who left the organization still confirms a repayment declared to them', async () => {
    const calls = fakeServer({
      'GET /api/debts': {
        debts: [
          debt({
            debtorId: 'u9',
            debtorName: 'Luca Neri',
            creditorId: 'u1',
            repaymentDeclaredAt: '2030-01-02T00:00:00.000Z',
          }),
        ],
      },
      [`POST /api/debts/${DEBT}/confirm`]: debt({ status: 'settled' }),
    });
    renderAt('/', <DebtNowWithoutOrganization userId="u1" />);
    const card = await screen.findByTestId('now-card', {}, { timeout: 5000 });
    expect(card.dataset.kind).toBe('confirm_repayment');
    expect(card.textContent).toContain('Luca Neri');
    fireEvent.click(within(card).getByTestId('now-action'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === `/api/debts/${DEBT}/confirm`)).toBe(true),
    );
    // Nothing of a fund is asked for.
    expect(calls.some((c) => c.url.startsWith('/api/rotating-fund'))).toBe(false);
  });
});

/** The bell's read, as the page's header holds it. */
const Bell = () => <>{useNotifications(true).data?.length}</>;

describe('a debt outside any family, where no socket says it moved', () => {
  it('is asked again every minute while it waits on the other member; settled, the card goes and the alerts are read again', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    try {
      let settled = false;
      const calls = fakeServer({
        'GET /api/debts': () => ({
          debts: [
            debt({
              repaymentDeclaredAt: '2030-01-02T00:00:00.000Z',
              ...(settled ? { status: 'settled' } : {}),
            }),
          ],
        }),
        'GET /api/user-notifications': { notifications: [] },
      });
      renderAt(
        '/',
        <>
          <DebtNowWithoutOrganization userId="u1" />
          <Bell />
        </>,
      );
      const card = await screen.findByTestId('now-card', {}, { timeout: 5000 });
      expect(card.dataset.kind).toBe('repayment_waiting');
      const reads = (url: string) => calls.filter((c) => c.method === 'GET' && c.url === url).length;
      // Nothing changed: asked again, and the alerts are not.
      await act(async () => vi.advanceTimersByTimeAsync(60_000));
      await waitFor(() => expect(reads('/api/debts')).toBe(2));
      expect(reads('/api/user-notifications')).toBe(1);
      // Sara confirms it: the next minute the card goes, and the alerts are read again.
      settled = true;
      await act(async () => vi.advanceTimersByTimeAsync(60_000));
      await waitFor(() => expect(screen.queryByTestId('now-card')).toBeNull());
      await waitFor(() => expect(reads('/api/user-notifications')).toBe(2));
      // Nothing left unsettled: no more asking.
      await act(async () => vi.advanceTimersByTimeAsync(180_000));
      expect(reads('/api/debts')).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a repayment that never came', () => {
  it('the creditor says so; a repayment declared again is refused with a new key, not a replay of the first', async () => {
    const declared = debt({
      debtorId: 'u9',
      debtorName: 'Luca Neri',
      creditorId: 'u1',
      repaymentDeclaredAt: '2030-01-02T00:00:00.000Z',
    });
    const calls = fakeServer({
      // Luca declares again at once: the list still shows a declared repayment.
      'GET /api/debts': { debts: [declared] },
      [`POST /api/debts/${DEBT}/not-received`]: { ...declared, repaymentDeclaredAt: null },
    });
    renderAt('/', <DebtNowWithoutOrganization userId="u1" />);
    const card = await screen.findByTestId('now-card', {}, { timeout: 5000 });
    const ask = async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Non li ho ricevuti' }));
      return screen.findByRole('dialog', { name: 'La restituzione non ti è arrivata?' });
    };
    const refuse = async () =>
      fireEvent.click(within(await ask()).getByRole('button', { name: 'Non li ho ricevuti' }));
    const refusals = () => calls.filter((c) => c.url === `/api/debts/${DEBT}/not-received`);
    // The button only asks: cancelled, nothing is sent.
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(refusals()).toHaveLength(0);
    await refuse();
    await waitFor(() => expect(refusals()).toHaveLength(1));
    await waitFor(() =>
      expect(
        (within(card).getByRole('button', { name: 'Non li ho ricevuti' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    await refuse();
    await waitFor(() => expect(refusals()).toHaveLength(2));
    const [first, second] = refusals().map((c) => c.headers.get('Idempotency-Key'));
    expect(first).toMatch(/:refuse$/);
    expect(second).toMatch(/:refuse$/);
    expect(second).not.toBe(first);
  });
});

describe('the Now card on a first load', () => {
  it('is drawn once, whole: what it reads beside the fund is asked for with the first screen', async () => {
    // u1 has paid and receives next, with no payout account: connecting one is what to do now.
    const calls = fakeServer({
      'GET /api/rotating-fund': testCollectingFund(
        { expectedContributors: ['u1', 'u3'], contributedBy: ['u1'] },
        { nextRecipientId: 'u1' },
      ),
      'GET /api/debts': { debts: [] },
      'GET /api/connect/account': { id: null, status: 'not_connected', linked: false },
      [`GET /api/rotating-fund/${testCollectingFund().id}/monthly-contributions`]: { contributions: [] },
    });
    // As main.tsx does before the first render (app/page-data).
    const client = createQueryClient();
    await client.prefetchQuery(fundQuery);
    await prefetchNowCard(client, 'u1');
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/connect/account',
      '/api/debts',
      '/api/rotating-fund',
      `/api/rotating-fund/${testCollectingFund().id}/monthly-contributions`,
    ]);
    renderAt('/', <MemberNow userId="u1" />, client);
    // The first render already says it: the card never shows another step first and then grows.
    expect(screen.getByTestId('now-card').dataset.kind).toBe('connect_payout');
  });
});

/** As the pages compose them: the card, then the fund told what the card shows. */
function ComposedPage({ userId = 'u1' }: { userId?: string }) {
  return (
    <>
      <MemberNow userId={userId} />
      <FundSection userId={userId} nowCardAbove={useNowCardAbove(userId)} />
    </>
  );
}

describe('the Now card above the fund, as the home and fund pages compose them', () => {
  const fundId = testCollectingFund().id;
  const page = (
    fund: ReturnType<typeof testCollectingFund>,
    debts: DebtView[] = [],
    { userId = 'u1', account = 'not_connected' } = {},
  ) => {
    fakeServer({
      'GET /api/rotating-fund': fund,
      'GET /api/debts': { debts },
      [`GET /api/rotating-fund/${fundId}/monthly-contributions`]: { contributions: [] },
      [`GET /api/rotating-fund/${fundId}/risk`]: { score: 0, reasons: [] },
      'GET /api/connect/account': { id: null, status: account, linked: account !== 'not_connected' },
    });
    renderAt('/', <ComposedPage userId={userId} />);
  };

  it('a payer whose window closed, with a debt to repay: the debt, which can be acted on, comes first', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-15T12:00:00Z'), toFake: ['Date'] });
    try {
      fakeServer({
        'GET /api/rotating-fund': testCollectingFund(),
        'GET /api/debts': { debts: [debt()] },
        [`GET /api/rotating-fund/${fundId}/monthly-contributions`]: { contributions: [] },
      });
      await renderFirstLoad('u1');
      await waitFor(() => expect(screen.getByTestId('now-card').dataset.kind).toBe('repay_debt'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a repayment to confirm is not kept waiting behind an account whose 24 hours have not started', async () => {
    const declared = debt({
      debtorId: 'u3',
      creditorId: 'u2',
      debtorName: 'Bruno Bianchi',
      creditorName: 'Anna Rossi',
      repaymentDeclaredAt: '2030-01-02T00:00:00.000Z',
    });
    const collecting = testCollectingFund({ contributedBy: ['u1', 'u3'] });
    fakeServer({
      'GET /api/rotating-fund': collecting,
      'GET /api/debts': { debts: [declared] },
      'GET /api/connect/account': { id: null, status: 'not_connected', linked: false },
      [`GET /api/rotating-fund/${fundId}/monthly-contributions`]: { contributions: [] },
    });
    // As a first load reads them: the account is known missing at the first render.
    await renderFirstLoad('u2');
    expect(screen.getByTestId('now-card').dataset.kind).toBe('confirm_repayment');
    cleanup();
    // Once they run, the account comes first: without it the round is refunded.
    const ready = testCollectingFund({
      state: 'awaiting_withdrawal',
      recipientTimeoutAt: '2030-01-16T00:00:00.000Z',
      payout: { grossCents: 10_000, feeCents: 290, netCents: 9_710, paypalNetCents: 0, manualCents: 0 },
    });
    page(ready, [declared], { userId: 'u2' });
    const first = await screen.findByTestId('now-card');
    await waitFor(() => expect(first.dataset.kind).toBe('connect_payout'));
    // The repayment is not lost: one line under the account's call says it waits for her.
    expect((await within(first).findByTestId('now-aside')).textContent?.replace(/\s/g, ' ')).toBe(
      'Bruno Bianchi dice di averti restituito 50,00 €',
    );
  });

  it('a repayment declared while the fund asks to contribute: the contribution first, the repayment in a line under it', async () => {
    page(testCollectingFund(), [debt({ repaymentDeclaredAt: '2030-01-02T00:00:00.000Z' })]);
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.dataset.kind).toBe('contribute'));
    expect((await within(card).findByTestId('now-aside')).textContent?.replace(/\s/g, ' ')).toBe(
      'La tua restituzione di 50,00 € a Sara Verdi è in corso',
    );
    expect(within(card).getAllByTestId('now-action')).toHaveLength(1);
  });

  it('the recipient of a ready round without an account: connect one, and no withdrawal the server refuses', async () => {
    const ready = testCollectingFund({
      state: 'awaiting_withdrawal',
      recipientTimeoutAt: '2030-01-16T00:00:00.000Z',
      payout: { grossCents: 10_000, feeCents: 290, netCents: 9_710, paypalNetCents: 0, manualCents: 0 },
    });
    // Connected: the pot to withdraw (its lazy button loaded here, so below its absence is no
    // chunk still on its way), with no timeout left to warn of.
    page(ready, [], { userId: 'u2', account: 'active' });
    const withAccount = await screen.findByTestId('now-card');
    await waitFor(() => expect(withAccount.dataset.kind).toBe('withdraw'));
    // One button for it, the card's: the round panel below does not repeat it.
    await screen.findByTestId('round-panel');
    expect(await screen.findAllByRole('button', { name: 'Preleva il fondo' })).toHaveLength(1);
    expect(within(withAccount).getByRole('button', { name: 'Preleva il fondo' })).toBeTruthy();
    expect(screen.queryByTestId('recipient-timeout')).toBeNull();
    cleanup();
    page(ready, [], { userId: 'u2' });
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.dataset.kind).toBe('connect_payout'));
    expect(await screen.findByTestId('recipient-timeout')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Preleva il fondo' })).toBeNull();
  });
  const payButtons = () => screen.queryAllByRole('button', { name: /^Versa 50,00/ });

  it('offers one button to pay: the card’s, and the round below says where it is', async () => {
    page(testCollectingFund());
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.dataset.kind).toBe('contribute'));
    expect((await screen.findByTestId('round-pay-above')).textContent?.replace(/\s/g, ' ')).toBe(
      'Devi ancora versare 50,00 €: il pulsante è in «Adesso», in cima alla pagina.',
    );
    expect(payButtons()).toHaveLength(1);
    expect(within(card).getByRole('button', { name: /^Versa 50,00/ })).toBeTruthy();
    expect(screen.queryByTestId('contribute-button')).toBeNull();
  });

  it('keeps the round’s button when the card asks a vote first', async () => {
    // u1 had extra time granted and still owes; a vote on u3's missed payment waits for u1.
    page(
      testCollectingFund({
        extensions: { u1: '2030-01-16T00:00:00.000Z' },
        emergencies: [testEmergencyVote()],
      }),
    );
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.dataset.kind).toBe('vote_emergency'));
    expect(await screen.findByTestId('contribute-button')).toBeTruthy();
    expect(payButtons()).toHaveLength(1);
    expect(screen.queryByTestId('round-pay-above')).toBeNull();
  });

  const coverButtons = () => screen.queryAllByRole('button', { name: 'Versa per Sara Verdi' });

  it('offers to pay for another member once, on the card, after paying one’s own part', async () => {
    page(paidUp);
    const card = await screen.findByTestId('now-card');
    await waitFor(() =>
      expect(within(card).queryAllByRole('button', { name: 'Versa per Sara Verdi' })).toHaveLength(1),
    );
    expect(await screen.findByTestId('round-panel')).toBeTruthy();
    // The round's cover buttons are the same lazy module, in by now: a render more, and none.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(coverButtons()).toHaveLength(1);
  });

  it('offers it in the round when the card asks to connect a payout account first', async () => {
    // u1 has paid and receives next, with no account: connecting one comes before the news.
    page(
      testCollectingFund(
        { expectedContributors: ['u1', 'u3'], contributedBy: ['u1'] },
        { nextRecipientId: 'u1' },
      ),
    );
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.dataset.kind).toBe('connect_payout'));
    const fund = screen.getByTestId('round-panel');
    await waitFor(() =>
      expect(within(fund).queryAllByRole('button', { name: 'Versa per Sara Verdi' })).toHaveLength(1),
    );
    expect(coverButtons()).toHaveLength(1);
  });

  it('offers it in the round when a debt takes the card’s place', async () => {
    page(paidUp, [debt()]);
    const card = await screen.findByTestId('now-card');
    await waitFor(() => expect(card.dataset.kind).toBe('repay_debt'));
    const fund = screen.getByTestId('round-panel');
    await waitFor(() =>
      expect(within(fund).queryAllByRole('button', { name: 'Versa per Sara Verdi' })).toHaveLength(1),
    );
    expect(coverButtons()).toHaveLength(1);
  });
});
