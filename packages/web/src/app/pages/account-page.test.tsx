import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, pending, renderAt, signedIn, ToastProbe, testUser } from '../../test/render-page';
import AccountPage from './account-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const organization = {
  id: 'o1',
  name: 'Famiglia Rossi',
  type: 'family',
  inviteCode: 'ROSSI234',
  memberCount: 3,
  totalContributionsCents: 0,
  memberSince: '2026-03-15T10:00:00.000Z',
};

/** The account page with a toast probe; Leave pressed and confirmed in its dialog. */
async function leaveThroughTheDialog() {
  renderAt(
    '/account',
    <>
      <AccountPage />
      <ToastProbe />
    </>,
  );
  fireEvent.click(await screen.findByRole('button', { name: "Lascia l'organizzazione" }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: "Lascia l'organizzazione" }));
}

describe('account page: the organization section', () => {
  it('shows the organization card (name, type, members, member since) with the invite card', async () => {
    fakeServer({ ...signedIn({ familyId: 'o1' }), 'GET /api/family': organization });
    renderAt('/account', <AccountPage />);
    const card = await screen.findByTestId('organization-info');
    expect(within(card).getByRole('heading').textContent).toBe('Famiglia Rossi');
    const text = card.textContent ?? '';
    expect(text).toContain('Famiglia');
    expect(text).toContain('Membri3');
    expect(text).toContain('Membro dal15 marzo 2026');
    expect(screen.getByTestId('invite-code').textContent).toBe('ROSSI234');
    expect(screen.queryByRole('heading', { name: "Crea un'organizzazione" })).toBeNull();
  });

  it('while the organization loads, shows a loader and never the create and join forms', async () => {
    fakeServer({ ...signedIn({ familyId: 'o1' }), 'GET /api/family': pending });
    renderAt('/account', <AccountPage />);
    expect(await screen.findByTestId('organization-loading')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "Crea un'organizzazione" })).toBeNull();
    expect(screen.queryByRole('heading', { name: "Unisciti a un'organizzazione" })).toBeNull();
  });

  it('without an organization, offers to create one or join one', async () => {
    fakeServer(signedIn({ familyId: null }));
    renderAt('/account', <AccountPage />);
    expect(await screen.findByRole('heading', { name: "Crea un'organizzazione" })).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Unisciti a un'organizzazione" })).toBeTruthy();
    expect(screen.queryByTestId('organization-info')).toBeNull();
  });

  // Leaving refetches the user, now without an organization, and the section with the Leave button
  // goes. In jsdom it goes after the toast; in a browser it can go first, and TanStack's own mutate
  // would then drop the toast (lib/mutation.ts; lib/mutation.test.tsx shows that case).
  it('says the member left, once the section with the Leave button has gone', async () => {
    let familyId: string | null = 'o1';
    const calls = fakeServer({
      ...signedIn(),
      'GET /api/session/check': () => ({ authenticated: true, user: testUser({ familyId }) }),
      'GET /api/user': () => testUser({ familyId }),
      'GET /api/family': organization,
      'POST /api/family/leave': () => {
        familyId = null;
        return {};
      },
    });
    await leaveThroughTheDialog();
    expect(await screen.findByRole('heading', { name: "Crea un'organizzazione" })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('toast-probe').textContent).toBe("Hai lasciato l'organizzazione: "),
    );
    expect(calls.filter((call) => call.url === '/api/family/leave')).toHaveLength(1);
  });
  async function leaveAnswered(answer: Response) {
    fakeServer({
      ...signedIn({ familyId: 'o1' }),
      'GET /api/family': organization,
      'POST /api/family/leave': answer,
    });
    await leaveThroughTheDialog();
    await waitFor(() => expect(screen.getByTestId('toast-probe').textContent).not.toBe(''));
    return screen.getByTestId('toast-probe').textContent;
  }

  it("a refusal shows the server's reason once, not under a title that says the same", async () => {
    const refusal = json(409, {
      code: 'LEAVE_REFUSED',
      message: 'Impossibile uscire: partecipi al turno in corso del fondo.',
    });
    expect(await leaveAnswered(refusal)).toBe('Impossibile uscire: partecipi al turno in corso del fondo.: ');
    expect(screen.getByTestId('organization-info')).toBeTruthy();
  });

  it('any other failure says leaving failed, with the reason under it', async () => {
    const failure = json(404, { code: 'NO_ORGANIZATION', message: "Non fai parte di un'organizzazione." });
    expect(await leaveAnswered(failure)).toBe("Impossibile uscire: Non fai parte di un'organizzazione.");
  });
});

describe('account page: the links to its parts', () => {
  it('links every part under the title, in page order, each to its own place on the page', async () => {
    fakeServer({ ...signedIn({ familyId: 'o1' }), 'GET /api/family': organization });
    renderAt('/account', <AccountPage />);
    await screen.findByTestId('organization-info');
    const nav = screen.getByRole('navigation', { name: 'Parti della pagina' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Profilo',
      'Notifiche',
      'Pagamenti',
      'Organizzazione',
      'Sicurezza',
    ]);
    const targets = links.map((link) => document.getElementById(link.getAttribute('href')!.slice(1)));
    expect(targets.every(Boolean)).toBe(true);
    // Each part holds what its link names, and the parts follow the links' order.
    expect(within(targets[1]!).getByRole('heading', { name: 'Notifiche' })).toBeTruthy();
    expect(within(targets[3]!).getByTestId('organization-info')).toBeTruthy();
    expect(within(targets[4]!).getByRole('heading', { name: 'Cambia password' })).toBeTruthy();
    targets.slice(1).forEach((after, i) => {
      expect(targets[i]!.compareDocumentPosition(after!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
    // Signing out is an action, not a part: a button beside the title, on the first screen.
    const title = screen.getByRole('heading', { level: 1, name: 'Impostazioni account' });
    expect(title.parentElement!.contains(screen.getByRole('button', { name: 'Esci' }))).toBe(true);
  });
});
