import { defaultChannels, type NotificationPreferences } from '@giro/contract/notification-preferences';
import { notificationTypes } from '@giro/contract/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastMessage } from '../../../components/ui/toast-store';
import { base64UrlToBytes, sameBytes } from '../../../lib/base64url';
import { createQueryClient } from '../../../lib/query-client';
import { fakeServer, json } from '../../../test/render-page';
import { deviceTimeZone } from '../api/notification-preferences';
import { NotificationsCard } from './notifications-card';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** A zone the test machine is surely not in, for the server to hold. */
const elsewhere = deviceTimeZone() === 'Pacific/Chatham' ? 'Asia/Tokyo' : 'Pacific/Chatham';
const stored = (overrides: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  types: Object.fromEntries(
    notificationTypes.map((type) => [type, defaultChannels(type)]),
  ) as NotificationPreferences['types'],
  quietHours: null,
  timeZone: elsewhere,
  weeklySummary: false,
  pushBrowsers: 0,
  ...overrides,
});

/** The toast's description, as the toaster would show it. */
function ToastProbe() {
  return <p data-testid="toast-probe">{useToastMessage()?.description}</p>;
}

const renderCard = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationsCard userId="u1" />
    </QueryClientProvider>,
  );
const puts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('notification preferences: the table of types and channels', () => {
  it('saves one switch at once, shown before the server answers, with this device’s time zone the first time', async () => {
    let answer!: (value: unknown) => void;
    const calls = fakeServer({
      'GET /api/notification-preferences': stored(),
      'PUT /api/notification-preferences': () => new Promise((resolve) => (answer = resolve)),
    });
    renderCard();
    const email = await screen.findByRole('checkbox', { name: '24 ore alla chiusura Email' });
    expect((email as HTMLInputElement).checked).toBe(true);
    fireEvent.click(email);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((email as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('preferences-save-state').textContent).toBe('Salvataggio…');
    expect(puts(calls)[0]).toEqual({
      types: { contribution_due_24h: { email: false } },
      timeZone: deviceTimeZone(),
    });
    const saved = stored({ timeZone: deviceTimeZone() });
    saved.types.contribution_due_24h = { inApp: true, push: true, email: false };
    answer(saved);
    await waitFor(() =>
      expect(screen.getByTestId('preferences-save-state').textContent).toBe('Modifiche salvate'),
    );

    // Sent once from this device: the next change carries only itself.
    fireEvent.click(screen.getByRole('checkbox', { name: 'È il tuo turno Push' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ types: { your_turn: { push: false } } });
  });

  it('keeps each group closed until opened, saying how many of its switches are on', async () => {
    const saved = stored({ timeZone: deviceTimeZone() });
    fakeServer({
      'GET /api/notification-preferences': saved,
      'PUT /api/notification-preferences': () => {
        const next = structuredClone(saved);
        next.types.contribution_timeout = { inApp: true, push: true, email: true };
        return next;
      },
    });
    renderCard();
    const group = (await screen.findByTestId('notification-group-contributions')) as HTMLDetailsElement;
    expect(group.open).toBe(false);
    const summary = group.querySelector('summary')!;
    // Three of the six contribution reminders go by email unless the member says otherwise.
    expect(summary.textContent).toBe('Contributi▾6 notifiche: app 6, push 6, email 3');
    fireEvent.click(summary);
    expect(group.open).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Contributo mancato Email' }));
    await waitFor(() => expect(summary.textContent).toBe('Contributi▾6 notifiche: app 6, push 6, email 4'));
  });

  it('puts a switch back to what the server holds when the save fails', async () => {
    let refuse!: (answer: Response) => void;
    const refused = new Promise<Response>((resolve) => (refuse = resolve));
    const calls = fakeServer({
      'GET /api/notification-preferences': stored({ timeZone: deviceTimeZone() }),
      'PUT /api/notification-preferences': () => refused,
    });
    renderCard();
    const inApp = await screen.findByRole('checkbox', { name: 'Membro espulso App' });
    fireEvent.click(inApp);
    await waitFor(() => expect((inApp as HTMLInputElement).checked).toBe(false));
    refuse(json(400, { code: 'VALIDATION_ERROR', message: 'Dati non validi.' }));
    await waitFor(() => expect((inApp as HTMLInputElement).checked).toBe(true));
    expect(puts(calls)).toEqual([{ types: { member_expelled: { inApp: false } } }]);
  });

  it('saves quiet hours with their zone, and turns them off with null', async () => {
    const calls = fakeServer({
      'GET /api/notification-preferences': stored({ timeZone: deviceTimeZone() }),
      'PUT /api/notification-preferences': (body: unknown) => ({ ...stored(), ...(body as object) }),
    });
    renderCard();
    const quiet = await screen.findByRole('checkbox', { name: /Niente notifiche push ed email/ });
    expect((screen.getByLabelText('Dalle') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(quiet);
    fireEvent.change(screen.getByLabelText('Dalle'), { target: { value: '23:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva ore di silenzio' }));
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        { quietHours: { from: '23:30', to: '07:00' }, timeZone: deviceTimeZone() },
      ]),
    );
    await waitFor(() => expect((screen.getByLabelText('Dalle') as HTMLInputElement).value).toBe('23:30'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Niente notifiche push ed email/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva ore di silenzio' }));
    await waitFor(() => expect(puts(calls)[1]).toEqual({ quietHours: null, timeZone: deviceTimeZone() }));
  });
});

describe('quiet hours as the page writes times', () => {
  it('in 24 hours, a quarter apart, whatever the browser’s language; a time saved off the quarters stays', async () => {
    fakeServer({
      'GET /api/notification-preferences': stored({
        quietHours: { from: '22:10', to: '07:00' },
        timeZone: deviceTimeZone(),
      }),
    });
    renderCard();
    await screen.findByRole('checkbox', { name: /Niente notifiche push ed email/ });
    const from = screen.getByLabelText('Dalle') as HTMLSelectElement;
    expect(from.value).toBe('22:10');
    expect((screen.getByLabelText('Alle') as HTMLSelectElement).value).toBe('07:00');
    const times = [...from.options].map((option) => option.text);
    expect(times.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(times).toContain('23:45');
    expect(times.filter((time) => time.startsWith('22:'))).toEqual([
      '22:00',
      '22:10',
      '22:15',
      '22:30',
      '22:45',
    ]);
  });
});

describe('notifications on this device', () => {
  const publicKey = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
  const subscriptionJson = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
  };

  /** The browser's side: a permission, a service worker registration and its push manager. */
  function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
    let current: PushSubscription | null = null;
    const unsubscribe = vi.fn(async () => {
      current = null;
      return true;
    });
    const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
      current = {
        endpoint,
        options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer },
        toJSON: () => subscriptionJson,
        unsubscribe,
      } as unknown as PushSubscription;
      return current;
    });
    const registration = { pushManager: { getSubscription: async () => current, subscribe } };
    const requestPermission = vi.fn(async () => {
      notification.permission = answer;
      return answer;
    });
    const notification = { permission, requestPermission };
    vi.stubEnv('DEV', false);
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', notification);
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { ready: Promise.resolve(registration) } });
    return { subscribe, unsubscribe, requestPermission };
  }

  it('asks for permission only on the button, subscribes with the server’s key, and can turn it off', async () => {
    const browser = fakeBrowser('default');
    let browsers = 0;
    const calls = fakeServer({
      'GET /api/notification-preferences': () =>
        stored({ timeZone: deviceTimeZone(), pushBrowsers: browsers }),
      'GET /api/push/public-key': { publicKey },
      'POST /api/push/subscriptions': () => {
        browsers = 1;
        return { ok: true };
      },
      'DELETE /api/push/subscriptions': () => {
        browsers = 0;
        return { ok: true };
      },
      'POST /api/push/test': { browsers: 1 },
    });
    renderCard();
    await waitFor(() =>
      expect(screen.getByTestId('push-state').textContent).toBe(
        'Questo dispositivo non riceve le notifiche.',
      ),
    );
    expect(browser.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Ricevi notifiche su questo dispositivo' }));
    await waitFor(() =>
      expect(screen.getByTestId('push-state').textContent).toBe('Questo dispositivo riceve le notifiche.'),
    );
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(sameBytes(options.applicationServerKey as Uint8Array, base64UrlToBytes(publicKey))).toBe(true);
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/push/subscriptions')?.body).toEqual(
      subscriptionJson,
    );
    await waitFor(() =>
      expect(screen.getByText('Le notifiche push arrivano su 1 dispositivo.')).toBeTruthy(),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Invia una notifica di prova' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/push/test')).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Disattiva le notifiche su questo dispositivo' }));
    await waitFor(() =>
      expect(screen.getByTestId('push-state').textContent).toBe(
        'Questo dispositivo non riceve le notifiche.',
      ),
    );
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('says when the browser blocks notifications, and offers no button that cannot work', async () => {
    const browser = fakeBrowser('denied');
    fakeServer({ 'GET /api/notification-preferences': stored({ timeZone: deviceTimeZone() }) });
    renderCard();
    await waitFor(() => expect(screen.getByTestId('push-state').getAttribute('data-state')).toBe('blocked'));
    expect(screen.getByTestId('push-state').textContent).toMatch(/Il browser blocca le notifiche/);
    expect(screen.queryByRole('button', { name: 'Ricevi notifiche su questo dispositivo' })).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('stays off, and says so, when the member dismisses the browser’s question', async () => {
    const browser = fakeBrowser('default', 'default');
    const calls = fakeServer({ 'GET /api/notification-preferences': stored({ timeZone: deviceTimeZone() }) });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Ricevi notifiche su questo dispositivo' }));
    await waitFor(() => expect(browser.requestPermission).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('push-state').getAttribute('data-state')).toBe('off');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.url === '/api/push/subscriptions')).toBe(false);
  });

  it('says so when the browser’s push service fails, and when the server refuses the subscription', async () => {
    const browser = fakeBrowser('granted');
    browser.subscribe.mockRejectedValueOnce(new DOMException('Registration failed', 'AbortError'));
    const calls = fakeServer({
      'GET /api/notification-preferences': stored({ timeZone: deviceTimeZone() }),
      'GET /api/push/public-key': { publicKey },
      'POST /api/push/subscriptions': () =>
        json(400, { code: 'PUSH_ENDPOINT_REFUSED', message: 'Servizio di notifiche non accettato.' }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <NotificationsCard userId="u1" />
        <ToastProbe />
      </QueryClientProvider>,
    );
    const turnOn = await screen.findByRole('button', { name: 'Ricevi notifiche su questo dispositivo' });
    fireEvent.click(turnOn);
    await waitFor(() =>
      expect(screen.getByTestId('toast-probe').textContent).toBe(
        'Il browser non è riuscito a registrarsi al suo servizio di notifiche. Riprova più tardi.',
      ),
    );
    expect(calls.some((c) => c.url === '/api/push/subscriptions')).toBe(false);

    fireEvent.click(turnOn);
    await waitFor(() =>
      expect(screen.getByTestId('toast-probe').textContent).toBe('Servizio di notifiche non accettato.'),
    );
    // Not kept by the server, so not kept by the browser either: the next check says "off".
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('push-state').getAttribute('data-state')).toBe('off');
  });

  it('says when the browser cannot receive pushes at all', async () => {
    fakeServer({ 'GET /api/notification-preferences': stored() });
    renderCard();
    await waitFor(() =>
      expect(screen.getByTestId('push-state').getAttribute('data-state')).toBe('unsupported'),
    );
    expect(screen.getByTestId('push-state').textContent).toMatch(/schermata Home/);
  });
});
