import type { RequestDetails, RequestSummary } from '@giro/contract/requests';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { testRequest } from '../../../test/request-fixture';
import { RequestsSection } from './requests-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const active = testRequest();
const queued = testRequest({
  id: 'r2',
  ownerId: 'u3',
  ownerName: 'Carla',
  title: 'Libri',
  status: 'pending',
  queuePosition: 1,
});
const details = (s: RequestSummary): RequestDetails => ({
  ...s,
  contributors: [],
  timeline: [],
  payout: null,
});
const overview = { active, queued: [queued], recentActivity: [] };

const show = (userId = 'u1') =>
  renderAt(
    '/',
    <>
      <RequestsSection userId={userId} />
      <Toaster />
    </>,
  );

describe('requests section', () => {
  it('shows the active request with its progress and the queue with positions', async () => {
    fakeServer({ 'GET /api/requests': overview });
    show();
    const card = await screen.findByTestId('active-request');
    expect(within(card).getByText('Tetto nuovo')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('queued-requests').textContent).toContain('posizione 1');
  });

  it('is headed "Funding requests" on the home page, and on its own page leaves that to the page', async () => {
    fakeServer({ 'GET /api/requests': overview });
    show();
    await screen.findByTestId('active-request');
    expect(screen.getByRole('heading', { level: 2, name: 'Richieste di aiuto' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Tetto nuovo' })).toBeTruthy();
    cleanup();
    renderAt('/', <RequestsSection userId="u1" ownPage />);
    await screen.findByTestId('active-request');
    expect(screen.queryByRole('heading', { name: 'Richieste di aiuto' })).toBeNull();
    // No level skipped under the page's h1: the parts are the page's sections.
    expect(screen.getByRole('heading', { level: 2, name: 'Tetto nuovo' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Richieste in coda' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Attività recente' })).toBeTruthy();
  });

  it('the owner sees no Contribute button; someone else contributes in euros with a message', async () => {
    const calls = fakeServer({
      'GET /api/requests': overview,
      'POST /api/requests/r1/contributions': details({ ...active, currentAmountCents: 3_000 }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Contribuisci' }));
    const dialog = await screen.findByTestId('request-contribute');
    fireEvent.change(within(dialog).getByLabelText('Importo (€)'), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Contribuisci' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('75,00');
    fireEvent.change(within(dialog).getByLabelText('Importo (€)'), { target: { value: '5,00' } });
    fireEvent.change(within(dialog).getByLabelText('Messaggio (facoltativo)'), {
      target: { value: 'Forza' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Contribuisci' }));
    // PayPal counts once captured: the toast says it was sent, and when it will count.
    expect(await screen.findByText('Pagamento PayPal inviato')).toBeTruthy();
    expect(screen.getByText(/conterà nella richiesta appena PayPal conferma/)).toBeTruthy();
    expect(screen.queryByText('Contributo effettuato')).toBeNull();
    const sent = calls.find((c) => c.method === 'POST' && c.url.endsWith('/contributions'));
    expect(sent?.body).toEqual({ amountCents: 500, method: 'paypal', message: 'Forza' });
    cleanup();
    fakeServer({ 'GET /api/requests': overview });
    show('u2');
    await screen.findByTestId('active-request');
    expect(screen.queryByRole('button', { name: 'Contribuisci' })).toBeNull();
  });

  it('the create form checks the title and target, and shows the server refusal as a toast', async () => {
    fakeServer({
      'GET /api/requests': { active: null, queued: [], recentActivity: [] },
      'POST /api/requests': json(409, {
        code: 'REQUEST_ALREADY_OPEN',
        message: 'Hai già una richiesta aperta.',
      }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Nuova richiesta' }));
    const form = await screen.findByTestId('request-form');
    fireEvent.change(within(form).getByLabelText('Titolo'), { target: { value: 'x'.repeat(121) } });
    fireEvent.change(within(form).getByLabelText('Importo obiettivo (€)'), { target: { value: '0,50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crea richiesta' }));
    const alerts = await within(form).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Il titolo deve avere da 3 a 120 caratteri.',
      expect.stringContaining("L'obiettivo deve essere tra"),
    ]);
    // The keyboard lands on the first field to fix, not on the button just pressed.
    expect(document.activeElement).toBe(within(form).getByLabelText('Titolo'));
    // Fixed, the next one wrong is where it lands on the next try.
    fireEvent.change(within(form).getByLabelText('Titolo'), { target: { value: 'Occhiali' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crea richiesta' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByLabelText('Importo obiettivo (€)')),
    );
    fireEvent.change(within(form).getByLabelText('Titolo'), { target: { value: 'Occhiali' } });
    fireEvent.change(within(form).getByLabelText('Importo obiettivo (€)'), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crea richiesta' }));
    expect(await screen.findByText('Impossibile creare la richiesta', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('Hai già una richiesta aperta.')).toBeTruthy();
  }, 30_000);
});
