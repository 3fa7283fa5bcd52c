import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InviteCard } from './invite-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('invite card', () => {
  it('copies the code and the link, each with its own button', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <InviteCard
        organization={{
          id: 'o1',
          name: 'Club',
          type: 'club',
          inviteCode: 'CLUB2345',
          memberCount: 1,
          totalContributionsCents: 0,
          memberSince: '2026-01-01T00:00:00.000Z',
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copia il codice' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('CLUB2345'));
    fireEvent.click(screen.getByRole('button', { name: 'Copia il link' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/invite/CLUB2345`),
    );
  });
});
