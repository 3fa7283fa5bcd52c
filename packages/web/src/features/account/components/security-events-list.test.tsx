import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt } from '../../../test/render-page';
import { SecurityEventsList } from './security-events-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const event = (kind: string, browser: string) => ({
  id: `${kind}-${browser}`,
  kind,
  detail: { browser },
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('the account’s security events', () => {
  it('name the browser, or call one that named nothing an unknown browser, not "?"', async () => {
    fakeServer({
      'GET /api/security-events': {
        events: [event('new_browser', 'Chrome · Android'), event('account_created', '?')],
      },
    });
    renderAt('/account', <SecurityEventsList />);
    expect(await screen.findByText('Accesso da un nuovo browser: Chrome · Android')).toBeTruthy();
    expect(screen.getByText('Account creato da un browser sconosciuto')).toBeTruthy();
  });
});
