import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { fakeServer, renderAt } from '../../../test/render-page';
import { PasskeysCard } from './passkeys-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const passkey = (name: string, verifiesHolder: boolean | null) => ({
  id: name,
  name,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  synced: false,
  verifiesHolder,
});

describe('adding a passkey', () => {
  it('its sheet cancelled: said once, not asked again (each try asks the password again, and the limit locks out)', async () => {
    vi.stubGlobal('PublicKeyCredential', () => {});
    // The browser's passkey sheet, closed by the member: only its answer is faked.
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: {
        create: () => Promise.reject(new DOMException('The operation was cancelled.', 'NotAllowedError')),
      },
    });
    const calls = fakeServer({
      'GET /api/passkeys': { passkeys: [] },
      'POST /api/passkeys/registration/options': {
        challenge: 'Y2hhbGxlbmdl',
        rp: { name: 'Giro', id: 'localhost' },
        user: { id: 'dXNlcg', name: 'anna', displayName: 'Anna' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        timeout: 60000,
        attestation: 'none',
        excludeCredentials: [],
      },
    });
    renderAt(
      '/account',
      <>
        <PasskeysCard />
        <Toaster />
      </>,
    );
    fireEvent.change(await screen.findByLabelText('Nome della passkey'), { target: { value: 'Telefono' } });
    fireEvent.change(screen.getByLabelText('La tua password (per conferma)'), {
      target: { value: 'correct horse battery' },
    });
    fireEvent.click(screen.getByTestId('add-passkey'));
    expect(
      await screen.findByText(/La finestra del browser è stata chiusa/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    // Past the first retry's delay: nothing more was sent.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/passkeys/registration/options')).toHaveLength(1),
    );
  });
});

describe('the account’s passkeys', () => {
  it('say which one signs in no more (its device does not check who holds it), and what to do', async () => {
    fakeServer({
      'GET /api/passkeys': {
        passkeys: [passkey('Telefono', true), passkey('Chiavetta', false), passkey('Vecchia', null)],
      },
    });
    renderAt('/account', <PasskeysCard />);
    const rows = await screen.findAllByTestId('passkey-row');
    expect(rows.map((row) => /Non ti fa più accedere/.test(row.textContent ?? ''))).toEqual([
      false,
      true,
      false,
    ]);
    expect(rows[1]!.textContent).toContain('Rimuovila e aggiungi una nuova passkey');
  });
});
