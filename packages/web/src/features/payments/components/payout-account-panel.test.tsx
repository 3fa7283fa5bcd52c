import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store';
import { Toaster } from '../../../components/ui/toaster';
import i18n from '../../../lib/i18n';
import { fakeServer, json, renderAt } from '../../../test/render-page';
import { leaveFor } from '../api/leave-for';
import { PayoutAccountPanel } from './payout-account-panel';

vi.mock('../api/leave-for', () => ({ leaveFor: vi.fn() }));

beforeEach(() => {
  vi.mocked(leaveFor).mockClear();
  dismissToast();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('it');
});

const id = 'acct_sbx_0123456789abcdef01234567';
const none = { id: null, status: 'not_connected', linked: false };
const at = (status: string) => ({ id, status, linked: true });
const onboarding = { id, status: 'pending', onboardingUrl: `http://giro.test/sandbox/onboarding/${id}?x=1` };

const show = (path = '/account') =>
  renderAt(
    path,
    <>
      <PayoutAccountPanel />
      <Toaster />
    </>,
  );
const status = async () => (await screen.findByTestId('payout-account-status')).textContent;
const toastSays = (text: string) => screen.findByText(text, {}, { timeout: 3000 });

describe('connected payment account panel: a round waiting for it', () => {
  it('says by when, in words, while the account is not active; nothing once it is', async () => {
    fakeServer({ 'GET /api/connect/account': none });
    renderAt('/account', <PayoutAccountPanel roundWaitsUntil="2030-01-08T10:00:00.000Z" />);
    const waits = await screen.findByTestId('payout-account-round-waits');
    expect(waits.textContent).toMatch(
      /^Il fondo di questo turno ti aspetta: collega un conto entro l'8 gen 2030, /,
    );
    cleanup();
    fakeServer({ 'GET /api/connect/account': at('active') });
    renderAt('/account', <PayoutAccountPanel roundWaitsUntil="2030-01-08T10:00:00.000Z" />);
    expect(await status()).toBe('Attivo');
    expect(screen.queryByTestId('payout-account-round-waits')).toBeNull();
  });
});

describe('connected payment account panel: the states', () => {
  it('not connected: says so, offers to connect, and says payouts need an active account', async () => {
    fakeServer({ 'GET /api/connect/account': none });
    show();
    expect(await status()).toBe('Non collegato');
    expect(screen.getByText('Non hai ancora un conto collegato.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Collega un conto' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scollega' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elimina il conto di pagamento' })).toBeNull();
    expect(screen.getByText(/richiedono un conto attivo/)).toBeTruthy();
    // An unknown provider until there is an account: no sandbox claim either way.
    expect(screen.queryByText('Sandbox')).toBeNull();
  });

  it.each([
    ['pending', 'Configurazione incompleta', ['Completa la configurazione', 'Scollega']],
    ['active', 'Attivo', ['Scollega']],
    ['restricted', 'Limitato', ['Risolvi i problemi', 'Scollega']],
  ])('%s: shows "%s" with its actions, delete always among them', async (state, label, actions) => {
    fakeServer({ 'GET /api/connect/account': at(state) });
    show();
    expect(await status()).toBe(label);
    const buttons = within(screen.getByTestId('payout-account'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual([...actions, 'Elimina il conto di pagamento']);
  });

  it('unlinked (an id, not linked): offers to reconnect or delete', async () => {
    fakeServer({ 'GET /api/connect/account': { id, status: 'not_connected', linked: false } });
    show();
    expect(await status()).toBe('Scollegato');
    expect(screen.getByRole('button', { name: 'Ricollega' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Elimina il conto di pagamento' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Collega un conto' })).toBeNull();
  });

  it('says it is the sandbox for a sandbox account, and not for another provider', async () => {
    fakeServer({ 'GET /api/connect/account': at('active') });
    show();
    await status();
    expect(screen.getByText('Sandbox')).toBeTruthy();
    expect(screen.getByText(/nessun denaro reale/)).toBeTruthy();
    cleanup();
    fakeServer({ 'GET /api/connect/account': { id: 'acct_1Abc', status: 'active', linked: true } });
    show();
    await status();
    expect(screen.queryByText('Sandbox')).toBeNull();
  });

  it('a failed load says so and can be retried', async () => {
    let fail = true;
    fakeServer({
      'GET /api/connect/account': () =>
        fail ? json(403, { code: 'FORBIDDEN', message: 'Vietato.' }) : at('active'),
    });
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossibile caricare il conto di pagamento.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await status()).toBe('Attivo');
  });
});

describe('connected payment account panel: the actions', () => {
  it('connect creates the account and goes to the onboarding page', async () => {
    const calls = fakeServer({ 'GET /api/connect/account': none, 'POST /api/connect/account': onboarding });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Collega un conto' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(onboarding.onboardingUrl));
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/connect/account')).toHaveLength(1);
    // While the browser leaves, nothing else can be started.
    expect(
      (screen.getByRole('button', { name: 'Completa la configurazione' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it.each([
    ['pending', 'Completa la configurazione'],
    ['restricted', 'Risolvi i problemi'],
  ])('%s: "%s" asks for a new onboarding link and follows it', async (state, action) => {
    const calls = fakeServer({
      'GET /api/connect/account': at(state),
      'POST /api/connect/account/onboarding-link': { ...onboarding, status: state },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: action }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(onboarding.onboardingUrl));
    expect(calls.some((c) => c.url === '/api/connect/account/onboarding-link')).toBe(true);
  });

  it('unlink, then reconnect, each with its toast', async () => {
    fakeServer({
      'GET /api/connect/account': at('active'),
      'POST /api/connect/account/unlink': { id, status: 'not_connected', linked: false },
      'POST /api/connect/account/reconnect': at('active'),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Scollega' }));
    expect(await toastSays('Conto scollegato')).toBeTruthy();
    expect(await status()).toBe('Scollegato');
    fireEvent.click(screen.getByRole('button', { name: 'Ricollega' }));
    expect(await toastSays('Conto ricollegato')).toBeTruthy();
    await waitFor(async () => expect(await status()).toBe('Attivo'));
  });

  it('delete asks first (irreversible), and only the confirmation deletes', async () => {
    const calls = fakeServer({
      'GET /api/connect/account': at('active'),
      'DELETE /api/connect/account': none,
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina il conto di pagamento' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Non si può annullare/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Elimina il conto di pagamento' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Elimina definitivamente' }),
    );
    expect(await toastSays('Conto di pagamento eliminato')).toBeTruthy();
    await waitFor(async () => expect(await status()).toBe('Non collegato'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it.each([
    ['create', none, 'POST /api/connect/account', 'Collega un conto', 'Impossibile creare il conto'],
    [
      'unlink',
      at('active'),
      'POST /api/connect/account/unlink',
      'Scollega',
      'Impossibile scollegare il conto',
    ],
    [
      'reconnect',
      { id, status: 'not_connected', linked: false },
      'POST /api/connect/account/reconnect',
      'Ricollega',
      'Impossibile ricollegare il conto',
    ],
  ])('a failed %s says so with the server message', async (_name, account, route, action, title) => {
    fakeServer({
      'GET /api/connect/account': account,
      [route]: json(409, { code: 'X', message: 'Il fornitore dice di no.' }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: action }));
    expect(await toastSays(title)).toBeTruthy();
    expect(screen.getByText('Il fornitore dice di no.')).toBeTruthy();
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('a failed delete says so (in English too)', async () => {
    await i18n.changeLanguage('en');
    fakeServer({
      'GET /api/connect/account': at('active'),
      'DELETE /api/connect/account': json(404, {
        code: 'PAYOUT_ACCOUNT_NOT_FOUND',
        message: 'No connected payment account.',
      }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete payment account' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete for good' }),
    );
    expect(await toastSays('Failed to delete account')).toBeTruthy();
    expect(await status()).toBe('Active');
  });
});

describe('back from onboarding', () => {
  it('/account/stripe/return reads the status again and says it is connected', async () => {
    const calls = fakeServer({ 'GET /api/connect/account': at('active') });
    show('/account/stripe/return');
    expect(await toastSays('Conto collegato: puoi ricevere i pagamenti')).toBeTruthy();
    expect(await status()).toBe('Attivo');
    expect(calls.filter((c) => c.url === '/api/connect/account').length).toBeGreaterThanOrEqual(1);
  });

  it('/account/stripe/return with setup still incomplete says so', async () => {
    fakeServer({ 'GET /api/connect/account': at('pending') });
    show('/account/stripe/return');
    expect(await toastSays('Configurazione del conto non ancora completata')).toBeTruthy();
  });

  it('/account/stripe/refresh asks for a new link at once and goes there, replacing the step', async () => {
    const calls = fakeServer({
      'GET /api/connect/account': at('pending'),
      'POST /api/connect/account/onboarding-link': onboarding,
    });
    show('/account/stripe/refresh');
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(onboarding.onboardingUrl, { replace: true }));
    expect(calls.filter((c) => c.url === '/api/connect/account/onboarding-link')).toHaveLength(1);
    expect(screen.getByText('Apertura della pagina di configurazione del fornitore…')).toBeTruthy();
  });

  it('/account/stripe/refresh that cannot get a link says so and stays on the account page', async () => {
    fakeServer({
      'GET /api/connect/account': none,
      'POST /api/connect/account/onboarding-link': json(404, {
        code: 'PAYOUT_ACCOUNT_NOT_FOUND',
        message: 'Nessun conto di pagamento collegato.',
      }),
    });
    const { location } = show('/account/stripe/refresh');
    expect(await toastSays('Impossibile aprire la configurazione del conto')).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account'));
    expect(leaveFor).not.toHaveBeenCalled();
    await act(async () => {});
    expect(await status()).toBe('Non collegato');
  });
});
