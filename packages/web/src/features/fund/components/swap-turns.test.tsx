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

const SWAP = '00000000-0000-4000-8000-0000000000aa';

/** u2 receives now; u1 (the viewer) has turn 2, u3 turn 3. */
const running = (overrides: Parameters<typeof testFund>[0] = {}) =>
  testFund({
    status: 'active',
    phase: 'collecting',
    participants: ['u1', 'u2', 'u3'],
    order: ['u2', 'u1', 'u3'],
    drawnOrder: ['u2', 'u1', 'u3'],
    finalAmountCents: 5000,
    round: testRound(),
    ...overrides,
  });
const base = `/api/rotating-fund/${running().id}`;

const show = () =>
  renderAt(
    '/',
    <>
      <FundSection userId="u1" />
      <Toaster />
    </>,
  );

describe('swapping turns on the fund', () => {
  it('offers to ask only members whose turn can move, and asks the one chosen', async () => {
    const asked = running({
      swaps: [{ id: SWAP, fromId: 'u1', toId: 'u3', at: '2030-01-01T00:00:00.000Z' }],
    });
    const calls = fakeServer({
      'GET /api/rotating-fund': running(),
      [`POST ${base}/swaps`]: {
        id: SWAP,
        fromId: 'u1',
        toId: 'u3',
        at: '2030-01-01T00:00:00.000Z',
        fund: asked,
      },
    });
    show();
    const list = await screen.findByTestId('participants');
    // Sara (turn 3) can be asked; Marco receives now, and nobody asks themselves.
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Scambia il turno con Sara Verdi']);
    fireEvent.click(within(list).getByRole('button', { name: 'Scambia il turno con Sara Verdi' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ withMemberId: 'u3' }));
    expect(await screen.findByText(/Hai chiesto a Sara Verdi di scambiare con il suo turno 3/)).toBeTruthy();
    expect(within(screen.getByTestId('participants')).queryAllByRole('button')).toEqual([]);
  });

  it('a swap asked of me is accepted or declined there; the swaps of the cycle are listed', async () => {
    const askedOfMe = running({
      swaps: [{ id: SWAP, fromId: 'u3', toId: 'u1', at: '2030-01-01T00:00:00.000Z' }],
      swapHistory: [],
    });
    const swapped = running({
      order: ['u2', 'u3', 'u1'],
      swapHistory: [{ id: SWAP, fromId: 'u3', toId: 'u1', at: '2030-01-01T00:00:00.000Z' }],
    });
    const calls = fakeServer({
      'GET /api/rotating-fund': askedOfMe,
      [`POST ${base}/swaps/${SWAP}/accept`]: swapped,
    });
    show();
    const card = await screen.findByTestId('swap-asked-of-me');
    expect(card.textContent).toContain(
      'Sara Verdi ti chiede di scambiare il turno: riceveresti al turno 3 invece del 2.',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Accetta lo scambio' }));
    expect(await screen.findByText('Turni scambiati')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === `${base}/swaps/${SWAP}/accept`)).toBe(true);
    expect((await screen.findByTestId('swap-history')).textContent).toContain(
      'Sara Verdi e Anna Bianchi hanno scambiato il turno',
    );
  });

  it('once the rounds run, each turn shows when it is expected to pay out, in the list and in a swap', async () => {
    // Rounds of 28 days: Marco receives on 15 January, Anna (turn 2) and Sara (turn 3) after.
    fakeServer({
      'GET /api/rotating-fund': running({
        roundLength: '28d',
        swaps: [{ id: SWAP, fromId: 'u3', toId: 'u1', at: '2030-01-01T00:00:00.000Z' }],
      }),
    });
    show();
    const card = await screen.findByTestId('swap-asked-of-me');
    expect(card.textContent).toContain(
      'riceveresti al turno 3 (data prevista: 12 marzo 2030) invece che al turno 2 (data prevista: 12 febbraio 2030).',
    );
    expect(screen.getAllByTestId('expected-payout').map((e) => e.textContent)).toEqual([
      'incasso previsto: 15 gennaio 2030',
      'incasso previsto: 12 febbraio 2030',
      'incasso previsto: 12 marzo 2030',
    ]);
  });
});
