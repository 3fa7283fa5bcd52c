import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BillingAddressCard } from '../../features/account/components/billing-address-card';
import { RealtimeBadge } from '../../features/fund/components/realtime-badge';
import i18n from '../../lib/i18n';
import { setRealtimeStatus } from '../../lib/realtime-status';
import { renderAt } from '../../test/render-page';
import { LoadingStatus } from './loading-status';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  setRealtimeStatus('idle');
});

describe('what a part not yet on the device says', () => {
  it('loading while online; offline, that it comes once back online, not "loading" for good', () => {
    renderAt(
      '/account',
      <>
        <LoadingStatus />
        <RealtimeBadge />
      </>,
    );
    // The socket was trying to reconnect when the network went.
    act(() => setRealtimeStatus('reconnecting'));
    expect(screen.getByRole('status').textContent).toBe('Caricamento...');
    expect(screen.getByTestId('realtime-status').textContent).toBe('Connessione…');
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toBe(
      'Non ancora su questo dispositivo: arriva quando sei di nuovo online.',
    );
    // Nor is the live channel said to be connecting while there is no network at all.
    expect(screen.getByTestId('realtime-status').textContent).toBe('Non connesso');
  });

  it('a saved address not on the device is not said to be missing: its read waits for the network', () => {
    onlineManager.setOnline(false);
    renderAt('/account', <BillingAddressCard />);
    const card = screen.getByTestId('saved-billing-address');
    expect(card.textContent).toContain('Non ancora su questo dispositivo');
    expect(card.textContent).not.toContain('Nessun indirizzo');
  });
});
