import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, pending, renderAt, signedIn } from '../../test/render-page';
import { AppRoutes } from '../routes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const statistics = {
  totals: { givenCents: 10_000, receivedCents: 9700, balanceCents: -300 },
  timeline: [
    { day: '2026-11-01', givenCents: 5000, receivedCents: 0, balanceCents: -5000 },
    { day: '2026-11-15', givenCents: 5000, receivedCents: 9700, balanceCents: -300 },
  ],
  cycles: [
    { source: 'fund', cycleNumber: 1, givenCents: 5000, receivedCents: 9700 },
    { source: 'request', cycleNumber: null, givenCents: 5000, receivedCents: 0 },
  ],
  lineCount: 3,
};
/** Text with the narrow spaces of number formatting made plain. */
const text = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ');
const me = { ...signedIn({ familyId: 'o1' }) };

describe('the member statistics page', () => {
  it('shows the totals, the charts with their tables, and the statement download', async () => {
    const calls = fakeServer({
      ...me,
      'GET /api/statistics/me': statistics,
      'GET /api/statistics/me/statement.csv': new Response('date,kind\r\n', {
        headers: { 'content-type': 'text/csv' },
      }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    renderAt('/statistics', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Le mie statistiche', level: 1 })).toBeTruthy();
    const totals = text(await screen.findByTestId('statistics-totals'));
    expect(totals).toBe('Versato100,00 €Ricevuto97,00 €Saldo-3,00 €');
    const tables = screen.getAllByRole('table', { hidden: true });
    expect(tables).toHaveLength(2);
    const cycleRows = within(tables[1]!).getAllByRole('row', { hidden: true }).slice(1);
    expect(cycleRows.map(text)).toEqual(['Ciclo 150,00 €97,00 €', 'Richieste50,00 €0,00 €']);

    fireEvent.click(screen.getByTestId('statement-download'));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(calls.some((call) => call.url === '/api/statistics/me/statement.csv')).toBe(true);
  });

  it('says when no money has moved yet, and while loading says so', async () => {
    fakeServer({
      ...me,
      'GET /api/statistics/me': {
        totals: { givenCents: 0, receivedCents: 0, balanceCents: 0 },
        timeline: [],
        cycles: [],
        lineCount: 0,
      },
    });
    renderAt('/statistics', <AppRoutes />);
    expect(await screen.findByTestId('statistics-empty')).toBeTruthy();
    expect(screen.queryByRole('table', { hidden: true })).toBeNull();
    cleanup();
    fakeServer({ ...me, 'GET /api/statistics/me': pending });
    renderAt('/statistics', <AppRoutes />);
    expect(await screen.findByText('Caricamento...')).toBeTruthy();
  });

  it('says when the statistics cannot be loaded', async () => {
    fakeServer({ ...me, 'GET /api/statistics/me': new Response('{}', { status: 400 }) });
    renderAt('/statistics', <AppRoutes />);
    expect((await screen.findByRole('alert')).textContent).toBe('Impossibile caricare le statistiche.');
  });
});
