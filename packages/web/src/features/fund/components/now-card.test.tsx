import type { FundView } from '@giro/contract/fund';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { testCollectingFund, testContribution, testRound } from '../../../test/fund-fixture';
import { fakeServer, renderAt } from '../../../test/render-page';
import { markPaymentSent } from '../api/sent-payments';
import { NowCard } from './now-card';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('it');
});

const fund = testCollectingFund();

describe('the Now card', () => {
  it('a payer in an open window: what, to whom, the countdown, and the button that pays', async () => {
    fakeServer({});
    renderAt('/', <NowCard fund={fund} userId="u1" hasPayoutAccount={undefined} />);
    const card = screen.getByTestId('now-card');
    expect(card.dataset.kind).toBe('contribute');
    expect(within(card).getByText('Versa 50,00 € a Marco Rossi')).toBeTruthy();
    expect(within(card).getByTestId('countdown').textContent).toContain('La finestra si chiude tra');
    fireEvent.click(within(card).getByTestId('now-action'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('says the same in English', async () => {
    fakeServer({});
    await i18n.changeLanguage('en');
    renderAt('/', <NowCard fund={fund} userId="u1" hasPayoutAccount={undefined} />);
    expect(screen.getByText('Pay €50.00 to Marco Rossi')).toBeTruthy();
    expect(screen.getByTestId('now-action').textContent).toBe('Pay €50.00');
  });

  it('the recipient without a payout account is sent to connect one, counting down once its 24 hours run', () => {
    fakeServer({});
    renderAt('/', <NowCard fund={fund} userId="u2" hasPayoutAccount={false} />);
    const action = screen.getByTestId('now-action');
    expect(action.getAttribute('href')).toBe('/account#payout-account');
    expect(action.textContent).toBe('Collega un conto');
    // Collecting: the 24 hours start once every contribution is in, not at the withdrawal date.
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.getByTestId('now-card').textContent).toContain('Quando tutti avranno versato avrai 24 ore');
    cleanup();
    // Ready, and withdrawing would be refused: no Preleva, the account to connect and its hours.
    const ready = testCollectingFund({
      state: 'awaiting_withdrawal',
      recipientTimeoutAt: '2030-01-16T00:00:00.000Z',
      payout: { grossCents: 10_000, feeCents: 290, netCents: 9_710, paypalNetCents: 0, manualCents: 0 },
    });
    renderAt('/', <NowCard fund={ready} userId="u2" hasPayoutAccount={false} />);
    expect(screen.getByTestId('now-card').dataset.kind).toBe('connect_payout');
    expect(screen.getByTestId('countdown').textContent).toContain('Da collegare entro');
    expect(screen.getByTestId('now-card').textContent).toContain(
      'o i contributi del turno saranno rimborsati',
    );
    expect(screen.queryByRole('button', { name: /Preleva/ })).toBeNull();
    cleanup();
    // A payout tried and failed, the account lost since: everything is in and no refund is at stake.
    const tried = { ...ready, round: { ...ready.round!, recipientTimeoutAt: null, payoutFailed: true } };
    renderAt('/', <NowCard fund={tried} userId="u2" hasPayoutAccount={false} />);
    const text = screen.getByTestId('now-card').textContent;
    expect(text).toContain('Il fondo è pronto: collega un conto per riceverlo');
    expect(text).not.toContain('rimborsat');
  });

  it('a payer whose window closed unpaid: no button to pay, but the vote on them and when it closes', () => {
    fakeServer({});
    vi.useFakeTimers({ now: Date.parse('2030-01-15T12:00:00Z'), toFake: ['Date'] });
    try {
      renderAt('/', <NowCard fund={fund} userId="u1" hasPayoutAccount={undefined} />);
      const card = screen.getByTestId('now-card');
      expect(card.dataset.kind).toBe('missed');
      expect(card.textContent).toContain('gli altri votano se aspettarti');
      expect(within(card).queryByTestId('now-action')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a payment declared by hand: it awaits the recipient, and while it may be taken back the card says where', async () => {
    const ownCash = testContribution();
    fakeServer({ [`GET /api/rotating-fund/${fund.id}/monthly-contributions`]: { contributions: [ownCash] } });
    renderAt('/', <NowCard fund={fund} userId="u1" hasPayoutAccount={true} />);
    await waitFor(() => expect(screen.getByTestId('now-card').dataset.kind).toBe('declared'));
    const card = screen.getByTestId('now-card');
    expect(card.textContent).toMatch(
      /Hai dichiarato il pagamento di 50,00\s€ a Marco Rossi: attende la sua conferma/,
    );
    expect(card.textContent).toContain('Annullalo tra i contributi del turno, qui sotto.');
    expect(within(card).getByTestId('now-action').textContent).toBe('Continua qui sotto');
  });

  it('nothing owed: who receives when, with no button', () => {
    fakeServer({});
    const paid = { ...fund, round: testRound({ contributedBy: ['u1'] }) };
    renderAt('/', <NowCard fund={paid} userId="u1" hasPayoutAccount={true} />);
    expect(screen.getByTestId('now-card').textContent).toContain(
      'Sei in regola. Marco Rossi riceve il fondo il 15 gennaio 2030',
    );
    expect(screen.queryByTestId('now-action')).toBeNull();
  });

  it("everything in, the recipient still without an account: not the round's date, but their 24 hours", () => {
    fakeServer({});
    const round = testRound({
      state: 'awaiting_withdrawal',
      contributedBy: ['u1'],
      recipientTimeoutAt: '2030-01-16T00:00:00.000Z',
    });
    renderAt('/', <NowCard fund={{ ...fund, round }} userId="u1" hasPayoutAccount={true} />);
    const text = screen.getByTestId('now-card').textContent;
    expect(text).toContain('Il fondo è pronto, ma Marco Rossi deve ancora collegare un conto per riceverlo');
    expect(screen.getByTestId('countdown').textContent).toContain('Se non lo collega, rimborso tra');
    expect(text).not.toContain('15 gennaio');
  });
});

/** The Now card of u1 with the fund as the socket brings it (showFund). */
let showFund: (next: FundView) => void = () => {};
function LiveNowCard() {
  const [shown, setShown] = useState(fund);
  showFund = setShown;
  return <NowCard fund={shown} userId="u1" hasPayoutAccount={true} />;
}

describe('the Now card after a PayPal payment is sent (honest progress)', () => {
  const round = fund.round!;
  const noAlerts = { 'GET /api/user-notifications': { notifications: [], unread: 0 } };

  it('shows it processing, with no button to pay again, until the fund names the payer', async () => {
    fakeServer(noAlerts);
    renderAt('/', <LiveNowCard />);
    expect(screen.getByTestId('now-card').dataset.kind).toBe('contribute');
    act(() => markPaymentSent(fund.id, round.number));
    expect(screen.getByTestId('now-card').dataset.kind).toBe('processing');
    expect(screen.getByTestId('payment-processing').textContent).toMatch(
      /^Pagamento PayPal di 50,00\s€ a Marco Rossi in corso/,
    );
    expect(screen.queryByTestId('now-action')).toBeNull();
    // The capture is recorded: the socket brings the fund with the payer among the paid.
    const paid = { ...fund, round: testRound({ contributedBy: ['u1'] }) };
    act(() => showFund(paid));
    expect(screen.getByTestId('now-card').dataset.kind).toBe('recipient_next');
  });

  it('a failed payment’s alert ends it: the button to pay is back', async () => {
    fakeServer({
      'GET /api/user-notifications': {
        notifications: [
          {
            id: 'n1',
            type: 'payment_failed',
            title: 'Pagamento non riuscito',
            body: '',
            link: '/fund',
            createdAt: new Date(Date.now() + 1_000).toISOString(),
            read: false,
          },
        ],
        unread: 1,
      },
    });
    renderAt('/', <NowCard fund={fund} userId="u1" hasPayoutAccount={true} />);
    act(() => markPaymentSent(fund.id, round.number));
    await waitFor(() => expect(screen.getByTestId('now-card').dataset.kind).toBe('contribute'));
  });
});
