import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { testFund, testRound } from '../../../test/fund-fixture';
import { fakeServer, renderAt } from '../../../test/render-page';
import { FundSection } from './fund-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** u2 (the viewer) receives this round; Sara (u3) says she paid Anna's (u1) share in cash. */
const fund = testFund({
  status: 'active',
  phase: 'collecting',
  participants: ['u1', 'u2', 'u3'],
  order: ['u2', 'u1', 'u3'],
  finalAmountCents: 5000,
  round: testRound(),
});
const base = `/api/rotating-fund/${fund.id}`;
const COVER = '00000000-0000-4000-8000-0000000000c1';
const cashCover = {
  id: COVER,
  contributorId: 'u1',
  paidBy: 'u3',
  recipientId: 'u2',
  amountCents: 5000,
  method: 'manual',
  status: 'declared',
  cycleNumber: 1,
  roundNumber: 1,
  at: '2030-01-10T00:00:00.000Z',
};

describe("the round's contributions, as the recipient sees them", () => {
  it('a cash cover names who says they paid, and the recipient may say it never came', async () => {
    const calls = fakeServer({
      'GET /api/rotating-fund': fund,
      [`GET ${base}/monthly-contributions`]: { contributions: [cashCover] },
      [`GET ${base}/risk`]: { score: 0, reasons: [] },
      [`POST ${base}/contributions/${COVER}/not-received`]: fund,
    });
    renderAt(
      '/',
      <>
        <FundSection userId="u2" />
        <Toaster />
      </>,
    );
    const list = await screen.findByTestId('round-contributions');
    expect(within(list).getByText('Sara Verdi per Anna Bianchi')).toBeTruthy();
    expect(
      within(list).getByRole('button', { name: 'Conferma ricezione da Sara Verdi per Anna Bianchi' }),
    ).toBeTruthy();
    fireEvent.click(
      within(list).getByRole('button', { name: 'Non ricevuto da Sara Verdi per Anna Bianchi' }),
    );
    // It asks first, naming who declared what: a slip would tell Anna, urgently, to pay again.
    const dialog = await screen.findByRole('dialog', { name: 'Il denaro non ti è arrivato?' });
    expect(dialog.textContent).toContain('50,00');
    expect(dialog.textContent).toContain('dichiarato da Sara Verdi per Anna Bianchi');
    expect(dialog.textContent).toContain('ad Anna Bianchi sarà chiesto di versare il contributo');
    expect(calls.some((c) => c.url.endsWith('/not-received'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: "Non l'ho ricevuto" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/not-received') && c.method === 'POST')).toBe(true),
    );
    expect(await screen.findByText('Segnato come non ricevuto')).toBeTruthy();
  });
});

describe('a payment by hand, as the one who declared it sees it', () => {
  it('Sara may cancel the cover she declared, after a question; the recipient’s buttons are not hers', async () => {
    const calls = fakeServer({
      'GET /api/rotating-fund': fund,
      [`GET ${base}/monthly-contributions`]: { contributions: [cashCover] },
      [`GET ${base}/risk`]: { score: 0, reasons: [] },
      [`POST ${base}/contributions/${COVER}/cancel`]: fund,
    });
    renderAt(
      '/',
      <>
        <FundSection userId="u3" />
        <Toaster />
      </>,
    );
    const list = await screen.findByTestId('round-contributions');
    expect(within(list).queryByRole('button', { name: /Conferma ricezione|Non ricevuto/ })).toBeNull();
    fireEvent.click(
      within(list).getByRole('button', {
        name: 'Annulla pagamento dichiarato da Sara Verdi per Anna Bianchi',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Annullare il pagamento dichiarato?' });
    expect(dialog.textContent).toContain('50,00');
    expect(dialog.textContent).toContain('per Anna Bianchi non conterà più');
    // The way out says it keeps the payment ("Annulla" read as the action); it sends nothing.
    expect(within(dialog).queryByRole('button', { name: 'Annulla' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, lascialo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/cancel'))).toBe(false);
    fireEvent.click(
      within(list).getByRole('button', {
        name: 'Annulla pagamento dichiarato da Sara Verdi per Anna Bianchi',
      }),
    );
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sì, annullalo' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url.endsWith(`/contributions/${COVER}/cancel`) && c.method === 'POST'),
      ).toHaveLength(1),
    );
    expect(await screen.findByText('Pagamento annullato')).toBeTruthy();
  });

  it('once the member’s window closed, their own declaration stands for the recipient to answer', async () => {
    const own = { ...cashCover, paidBy: null, contributorId: 'u1' };
    const closed = testFund({
      ...fund,
      round: testRound({ withdrawalAt: '2020-01-15T00:00:00.000Z' }),
    });
    fakeServer({
      'GET /api/rotating-fund': closed,
      [`GET ${base}/monthly-contributions`]: { contributions: [own] },
      [`GET ${base}/risk`]: { score: 0, reasons: [] },
    });
    renderAt('/', <FundSection userId="u1" />);
    const list = await screen.findByTestId('round-contributions');
    expect(within(list).getByText('Dichiarato')).toBeTruthy();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.getByText(/in attesa della conferma del beneficiario.$/)).toBeTruthy();
  });

  it('Anna, the member covered, sees the cover but may not cancel it', async () => {
    fakeServer({
      'GET /api/rotating-fund': fund,
      [`GET ${base}/monthly-contributions`]: { contributions: [cashCover] },
      [`GET ${base}/risk`]: { score: 0, reasons: [] },
    });
    renderAt('/', <FundSection userId="u1" />);
    const list = await screen.findByTestId('round-contributions');
    expect(within(list).getByText('Sara Verdi per Anna Bianchi')).toBeTruthy();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(within(list).getByText('Dichiarato')).toBeTruthy();
  });
});
