import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import i18n from '../../../lib/i18n';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { AdminsPanel } from './admins-panel';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const anna = { id: 'a1', username: 'anna', displayName: 'Anna B.', you: true };
const bruno = { id: 'b1', username: 'bruno', displayName: 'Bruno C.', you: false };

describe('admins panel', () => {
  it('lists the admins, grants the role by username or email, and says why the last admin cannot step down', async () => {
    const calls = fakeServer({
      'GET /api/admin/admins': { admins: [anna] },
      'POST /api/admin/admins': (body: unknown) =>
        (body as { login: string }).login === 'bruno'
          ? { admins: [anna, bruno] }
          : json(404, {
              code: 'ADMIN_USER_NOT_FOUND',
              message: 'Nessun utente ha questo nome utente o questa email.',
            }),
      'POST /api/admin/users/a1/role': json(409, {
        code: 'LAST_ADMIN',
        message: "Sei l'ultimo amministratore: concedi prima il ruolo a qualcun altro",
      }),
    });
    renderAt(
      '/admin',
      <>
        <AdminsPanel />
        <Toaster />
      </>,
    );
    const panel = await screen.findByTestId('admins-panel');
    expect(await within(panel).findByText('Anna B.')).toBeTruthy();
    expect(within(panel).getByText(/· tu/)).toBeTruthy();

    const login = within(panel).getByLabelText(/Nome utente o email/);
    fireEvent.change(login, { target: { value: 'nessuno' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Rendi amministratore' }));
    expect(await screen.findByText('Nessun utente ha questo nome utente o questa email.')).toBeTruthy();
    fireEvent.change(login, { target: { value: ' bruno ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Rendi amministratore' }));
    expect(await within(panel).findByText('Bruno C.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/admin/admins').at(-1)?.body).toEqual({
      login: 'bruno',
    });
    await waitFor(() => expect((login as HTMLInputElement).value).toBe(''));

    fireEvent.click(within(panel).getByRole('button', { name: 'Lascia il ruolo' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lascia il ruolo' }));
    expect(await screen.findByText(/Sei l'ultimo amministratore/)).toBeTruthy();
  });
});
