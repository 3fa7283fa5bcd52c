import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { testFund, testRound } from '../../../test/fund-fixture';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { FundSection } from './fund-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fund = testFund();
const base = `/api/rotating-fund/${fund.id}`;
const show = () =>
  renderAt(
    '/',
    <>
      <FundSection userId="u1" />
      <Toaster />
    </>,
  );

/** Records the headers of every request on top of the fake server. */
function recordHeaders() {
  const inner = globalThis.fetch;
  const seen: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    seen.push({ url, headers: (init.headers ?? {}) as Record<string, string> });
    return inner(url, init);
  });
  return seen;
}

/** A fund collecting its first round: u2 receives, u1 (the viewer) and u3 pay €50.00. */
const collectingFund = () =>
  testFund({
    status: 'active',
    phase: 'collecting',
    participants: ['u1', 'u2', 'u3'],
    order: ['u2', 'u1', 'u3'],
    finalAmountCents: 5000,
    round: testRound(),
  });

describe('fund section', () => {
  it('without a fund (404 NO_ROTATING_FUND) offers to create one', async () => {
    const calls = fakeServer({
      'GET /api/rotating-fund': json(404, { code: 'NO_ROTATING_FUND', message: 'Nessun fondo' }),
      'POST /api/rotating-fund': fund,
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Crea il fondo' }));
    expect(await screen.findByText('Fondo creato')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/rotating-fund')).toBe(true);
  });

  it('is headed "Rotating fund" on the home page, and by its cycle and phase on its own page', async () => {
    fakeServer({ 'GET /api/rotating-fund': collectingFund() });
    show();
    const card = await screen.findByTestId('fund-section');
    expect(within(card).getByRole('heading', { level: 2, name: 'Fondo a rotazione' })).toBeTruthy();
    expect(
      within(card)
        .getByText(/Ciclo 1 ·/)
        .textContent?.replace(/\s/g, ' '),
    ).toBe('Ciclo 1 · Raccolta dei contributi · 50,00 € per turno');
    cleanup();
    renderAt('/', <FundSection userId="u1" ownPage />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Ciclo 1 · Raccolta dei contributi' }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Fondo a rotazione' })).toBeNull();
    expect(screen.getByText('50,00 € per turno')).toBeTruthy();
    expect(screen.getByTestId('fund-phase').textContent).toBe('Raccolta dei contributi');
  });

  it('on its own page, with no fund yet, is headed by where the fund stands', async () => {
    fakeServer({
      'GET /api/rotating-fund': json(404, { code: 'NO_ROTATING_FUND', message: 'Nessun fondo' }),
    });
    renderAt('/', <FundSection userId="u1" ownPage />);
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'La tua organizzazione non ha ancora un fondo a rotazione.',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Fondo a rotazione' })).toBeNull();
    expect(screen.getAllByText('La tua organizzazione non ha ancora un fondo a rotazione.')).toHaveLength(1);
  });

  it('votes the amount typed in euros as cents, after refusing an invalid one', async () => {
    const calls = fakeServer({
      'GET /api/rotating-fund': fund,
      [`POST ${base}/votes/amount`]: { ...fund, votedBy: ['u1'] },
    });
    show();
    const input = await screen.findByLabelText('Il tuo importo mensile (€)');
    expect(input.getAttribute('placeholder')).toBe('50,00');
    fireEvent.change(input, { target: { value: 'dieci' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vota' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Importo non valido');
    fireEvent.change(input, { target: { value: '42,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vota' }));
    expect(await screen.findByText('Voto inviato')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/votes/amount'))?.body).toEqual({ amountCents: 4250 });
    expect(await screen.findByText(/Hai votato/)).toBeTruthy();
  });

  it('asks for a dismissal reason under 500 characters before sending it', async () => {
    const confirmation = testFund({
      phase: 'confirmation',
      status: 'confirmation',
      participants: ['u1', 'u2', 'u3'],
      votedBy: ['u1', 'u2', 'u3'],
      votes: { u1: 5000, u2: 6000, u3: 10_000 },
      finalAmountCents: 6000,
    });
    const calls = fakeServer({
      'GET /api/rotating-fund': confirmation,
      [`POST ${base}/votes/confirmation`]: { ...confirmation, phase: 'dismissal_acknowledgment' },
    });
    show();
    expect((await screen.findByTestId('final-amount')).textContent).toContain('60,00');
    fireEvent.click(screen.getByRole('button', { name: 'Rifiuta' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: "Rifiuta l'importo" });
    fireEvent.click(submit);
    expect(within(dialog).getByRole('alert').textContent).toBe('Indica un motivo per il rifiuto');
    fireEvent.change(within(dialog).getByLabelText('Motivo del rifiuto'), {
      target: { value: 'x'.repeat(500) },
    });
    fireEvent.click(submit);
    expect(within(dialog).getByRole('alert').textContent).toBe('Il motivo deve avere meno di 500 caratteri');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Motivo del rifiuto'), { target: { value: 'Troppo' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ accept: false, reason: 'Troppo' }),
    );
  });

  it('contributes the fixed amount; a card needs a complete billing address; each action has its own Idempotency-Key', async () => {
    const collecting = collectingFund();
    const calls = fakeServer({
      'GET /api/rotating-fund': collecting,
      [`GET ${base}/monthly-contributions`]: { contributions: [] },
      [`GET ${base}/risk`]: {
        score: 12,
        reasons: [{ code: 'missing_contributions', weight: 12, missing: 2, expected: 2, hoursLeft: 100 }],
      },
      [`POST ${base}/contributions`]: collecting,
    });
    const seen = recordHeaders();
    show();
    fireEvent.click(await screen.findByTestId('contribute-button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('contribution-amount').textContent).toContain('50,00');
    expect(within(dialog).queryByRole('textbox', { name: /Importo/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Carta/ }));
    expect((within(dialog).getByLabelText('Id della carta di prova') as HTMLInputElement).value).toBe(
      'pm_card_visa',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /^Versa 50,00/ }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Indirizzo di fatturazione incompleto');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Manuale/ }));
    // By hand the app moves no money: the button says the member has paid, not that it pays.
    expect(within(dialog).queryByRole('button', { name: /^Versa 50,00/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Ho versato 50,00\s€$/ }));
    // Declared, not made: it counts once the recipient confirms (domain.md).
    expect(await screen.findByText('Pagamento dichiarato')).toBeTruthy();
    expect(screen.getByText('Conta quando il beneficiario conferma di averlo ricevuto.')).toBeTruthy();
    expect(screen.queryByText('Contributo effettuato')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ method: 'manual' });
    const key = seen.find((s) => s.url.endsWith('/contributions'))?.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/Mancano 2 contributi su 2/)).toBeTruthy();
  });

  it('a PayPal contribution says it is sent, and counts once PayPal confirms it', async () => {
    const collecting = collectingFund();
    const calls = fakeServer({
      'GET /api/rotating-fund': collecting,
      [`GET ${base}/monthly-contributions`]: { contributions: [] },
      [`GET ${base}/risk`]: { score: 0, reasons: [] },
      [`POST ${base}/contributions`]: collecting,
    });
    show();
    fireEvent.click(await screen.findByTestId('contribute-button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /PayPal/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^Versa 50,00/ }));
    expect(await screen.findByText('Pagamento PayPal inviato')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notifiche/ }).textContent).toMatch(
      /appena PayPal conferma l'incasso/,
    );
    // Until then the round says it is processing, and offers no second payment (issue 13).
    expect((await screen.findByTestId('round-payment-processing')).textContent).toBe(
      "Pagamento PayPal in corso: risulterà versato appena PayPal conferma l'incasso.",
    );
    expect(screen.queryByTestId('contribute-button')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ method: 'paypal' });
  });

  it('an emergency vote without the wait option shows the strikes and the risk of expulsion', async () => {
    const emergency = {
      id: 'v1',
      memberId: 'u3',
      allowWait: false,
      deadline: '2030-01-16T00:00:00.000Z',
      votes: {},
      voters: ['u1', 'u2'],
      memberStrikes: 3,
      memberAtRisk: true,
    };
    const calls = fakeServer({
      'GET /api/rotating-fund': testFund({
        status: 'active',
        phase: 'collecting',
        participants: ['u1', 'u2', 'u3'],
        order: ['u2', 'u1', 'u3'],
        finalAmountCents: 5000,
        strikes: { u3: 3 },
        round: testRound({ emergencies: [emergency] }),
      }),
      [`GET ${base}/monthly-contributions`]: { contributions: [] },
      [`POST ${base}/emergency-votes/v1`]: testFund(),
    });
    show();
    const vote = await screen.findByTestId('emergency-vote');
    expect(within(vote).getByText('Contributo mancante di Sara Verdi')).toBeTruthy();
    expect(within(vote).getByText(/3 richiami/)).toBeTruthy();
    expect(within(vote).getByText('A rischio di espulsione')).toBeTruthy();
    expect(within(vote).queryByRole('button', { name: 'Attendi 24 ore' })).toBeNull();
    expect(screen.getByTestId('strikes').textContent).toBe('3 richiami');
    fireEvent.click(within(vote).getByRole('button', { name: 'Salta questo turno' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ choice: 'skip' }));
  });
});
