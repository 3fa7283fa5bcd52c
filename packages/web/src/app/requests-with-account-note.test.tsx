import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt } from '../test/render-page';
import { RequestsWithAccountNote } from './requests-with-account-note';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = { active: null, queued: [], recentActivity: [] };
const openForm = async (status: string) => {
  const calls = fakeServer({
    'GET /api/requests': overview,
    'GET /api/connect/account': { id: status === 'not_connected' ? null : 'acct_1', status, linked: true },
  });
  renderAt('/requests', <RequestsWithAccountNote userId="u1" ownPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Nuova richiesta' }));
  return { form: await screen.findByTestId('request-form'), calls };
};

describe("a new request's form and the member's payout account", () => {
  it.each(['not_connected', 'pending', 'restricted'])(
    'says, with no active account (%s), that the money raised will need one, and where to connect it',
    async (status) => {
      const { form } = await openForm(status);
      const note = await within(form).findByTestId('payout-account-needed');
      expect(note.textContent).toContain('ti servirà quando la richiesta si concluderà');
      expect(within(note).getByRole('link', { name: 'Collega un conto' }).getAttribute('href')).toBe(
        '/account#payout-account',
      );
    },
  );

  it('says nothing once the account is active', async () => {
    const { form, calls } = await openForm('active');
    // Its answer read and rendered (the note would be there by now: the cases above).
    await waitFor(() => expect(calls.some((c) => c.url === '/api/connect/account')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(form).queryByTestId('payout-account-needed')).toBeNull();
  });
});
