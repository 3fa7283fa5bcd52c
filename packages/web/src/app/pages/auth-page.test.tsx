import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { fakeServer, renderAt, signedIn } from '../../test/render-page';
import AuthPage from './auth-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderInvite = (code: string) =>
  renderAt(`/invite/${code}`, <Route path="/invite/:inviteCode" component={AuthPage} />);

describe('/invite/{code} when already signed in', () => {
  it('fills the join form with the organization code and joins with it', async () => {
    const calls = fakeServer({
      ...signedIn({ familyId: null }),
      'GET /api/invite/ROSSI234': {
        kind: 'organization',
        organizationName: 'Famiglia Rossi',
        type: 'family',
      },
      'POST /api/family/join': {},
    });
    const { location } = renderInvite('ROSSI234');
    expect(await screen.findByRole('heading', { name: 'Unisciti a Famiglia Rossi' })).toBeTruthy();
    const input = screen.getByLabelText('Codice invito') as HTMLInputElement;
    expect(input.value).toBe('ROSSI234');
    fireEvent.click(screen.getByRole('button', { name: 'Unisciti' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(calls.find((c) => c.url === '/api/family/join')?.body).toEqual({ inviteCode: 'ROSSI234' });
  });

  /** Anna, a member of Famiglia Rossi (code ROSSI234), opening the link of `code`, which names `name`. */
  const memberOpening = (code: string, name: string) =>
    fakeServer({
      ...signedIn({ familyId: 'o1' }),
      [`GET /api/invite/${code}`]: { kind: 'organization', organizationName: name, type: 'family' },
      'GET /api/family': { id: 'o1', name: 'Famiglia Rossi', type: 'family', inviteCode: 'ROSSI234' },
    });

  it("tells a member who opens their own organization's link that they are in it, not to join it", async () => {
    const calls = memberOpening('ROSSI234', 'Famiglia Rossi');
    renderInvite('ROSSI234');
    expect(await screen.findByRole('heading', { name: 'Sei già in Famiglia Rossi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai alla home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByLabelText('Codice invito')).toBeNull();
    expect(screen.getByTestId('invite-code').textContent).toBe('ROSSI234');
    expect(calls.some((c) => c.url === '/api/family/join')).toBe(false);
  });

  it("offers a member another organization's link to join, saying it leaves the current one", async () => {
    memberOpening('BIANC234', 'Famiglia Bianchi');
    renderInvite('BIANC234');
    expect(await screen.findByRole('heading', { name: 'Unisciti a Famiglia Bianchi' })).toBeTruthy();
    expect((screen.getByLabelText('Codice invito') as HTMLInputElement).value).toBe('BIANC234');
    expect(screen.getByText("Unendoti a un'altra organizzazione lasci quella attuale.")).toBeTruthy();
  });

  it('says so when the code is not valid, under a title that names no one', async () => {
    fakeServer(signedIn({ familyId: null }));
    renderInvite('NOPE1234');
    expect(await screen.findByRole('heading', { name: "Unisciti a un'organizzazione" })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Codice invito non valido');
    expect((screen.getByLabelText('Codice invito') as HTMLInputElement).value).toBe('NOPE1234');
  });

  it('shows the create form with the tester invite filled, and creates with it', async () => {
    const calls = fakeServer({
      ...signedIn({ familyId: null }),
      'GET /api/config': { registration: 'invite-only', testClock: false, payments: 'sandbox' },
      'GET /api/invite/TESTER22': { kind: 'tester' },
      'POST /api/family': {},
    });
    renderInvite('TESTER22');
    expect(await screen.findByRole('heading', { name: "Crea un'organizzazione" })).toBeTruthy();
    expect((screen.getByLabelText('Codice invito tester') as HTMLInputElement).value).toBe('TESTER22');
    fireEvent.change(screen.getByLabelText("Nome dell'organizzazione"), { target: { value: 'Beta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/family')?.body).toEqual({
        name: 'Beta',
        type: 'family',
        inviteCode: 'TESTER22',
      }),
    );
  });
});
