import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { AlertsPanel } from './alerts-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const alert = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  type: 'contribution_timeout',
  title: `Avviso ${n}`,
  body: `Testo ${n}`,
  link: '/',
  createdAt: `2030-01-0${n}T10:00:00.000Z`,
  read: false,
});

describe('alerts panel', () => {
  it('shows the newest 3 first, the rest on "show more", and deletes one', async () => {
    const calls = fakeServer({
      'GET /api/user-notifications': { notifications: [1, 4, 2, 3].map(alert), unread: 4 },
      'DELETE /api/user-notifications/00000000-0000-4000-8000-000000000004': { ok: true },
    });
    renderAt('/', <AlertsPanel />);
    await screen.findByText('Avviso 4');
    expect(screen.getAllByTestId('alert').map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Avviso 4',
      'Avviso 3',
      'Avviso 2',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Mostra altri' }));
    expect(screen.getAllByTestId('alert')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Elimina avviso: Avviso 4' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it("says 'Unable to load alerts' and 'Delete error' in the user's language", async () => {
    fakeServer({
      'GET /api/user-notifications': { notifications: [alert(1)], unread: 1 },
      'DELETE /api/user-notifications/00000000-0000-4000-8000-000000000001': json(409, { code: 'X' }),
    });
    renderAt(
      '/',
      <>
        <AlertsPanel />
        <Toaster />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina avviso: Avviso 1' }));
    expect(await screen.findByText("Errore durante l'eliminazione")).toBeTruthy();
    cleanup();
    fakeServer({ 'GET /api/user-notifications': json(403, { code: 'FORBIDDEN', message: 'no' }) });
    renderAt('/', <AlertsPanel />);
    expect((await screen.findByRole('alert')).textContent).toBe('Impossibile caricare gli avvisi');
  });
});
