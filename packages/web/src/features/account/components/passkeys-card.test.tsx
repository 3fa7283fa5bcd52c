import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
