import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeServer } from '../../../test/render-page';
import { CalendarCard } from './calendar-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CalendarCard />
    </QueryClientProvider>,
  );

describe('calendar card', () => {
  it('opens the feed as a webcal: subscription and copies its address', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeServer({ 'GET /api/calendar-feed': { url: 'https://giro.example/api/calendar/s3cret.ics' } });
    renderCard();
    const add = await screen.findByRole('link', { name: 'Aggiungi al calendario' });
    expect(add.getAttribute('href')).toBe('webcal://giro.example/api/calendar/s3cret.ics');
    fireEvent.click(screen.getByRole('button', { name: 'Copia indirizzo' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('https://giro.example/api/calendar/s3cret.ics'),
    );
  });

  it('changes the address only after saying that the old one stops working', async () => {
    const calls = fakeServer({
      'GET /api/calendar-feed': { url: 'https://giro.example/api/calendar/old.ics' },
      'POST /api/calendar-feed/rotate': { url: 'https://giro.example/api/calendar/new.ics' },
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Cambia indirizzo' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/smette subito di funzionare/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambia indirizzo' }));
    await waitFor(() =>
      expect(screen.getByTestId('calendar-url').textContent).toBe(
        'https://giro.example/api/calendar/new.ics',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/calendar-feed/rotate']);
  });
});
