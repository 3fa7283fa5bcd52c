import type { ApiMonitoring } from '@giro/contract/admin-monitoring';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { fakeServer, pending, renderAt } from '../../../test/render-page';
import { ApiLogsView } from './api-logs-view';
import { ApiMonitoringView } from './api-monitoring-view';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stats = (route: string, count: number, errorRate = 0) => ({
  method: 'GET',
  route,
  count,
  errorRate,
  clientErrorRate: 0,
  p50Ms: 2,
  p95Ms: 8,
  p99Ms: 12.5,
});
const monitoring: ApiMonitoring = {
  generatedAt: '2026-11-23T10:00:00.000Z',
  lastHour: [stats('/api/user', 4)],
  lastDay: [stats('/api/user', 40), stats('/api/requests/:id', 3, 0.5)],
  series: Array.from({ length: 24 }, (_, i) => ({
    at: new Date(Date.UTC(2026, 10, 22, 11 + i)).toISOString(),
    count: i,
    errors: 0,
    p95Ms: 5,
  })),
  health: {
    uptimeSeconds: 3_725,
    rssBytes: 104_857_600,
    heapUsedBytes: 52_428_800,
    heapTotalBytes: 62_914_560,
    eventLoopDelayP50Ms: 10.2,
    eventLoopDelayP99Ms: 30,
    eventLoopDelayMaxMs: 40,
    openSockets: 7,
    outboxBacklog: 3,
    deadlineLagSeconds: 0,
    bufferedRequests: 0,
    droppedRequests: 0,
  },
};

describe('API monitoring', () => {
  it('shows the health, the charts with their tables and the routes of the hour, then of the day', async () => {
    fakeServer({ 'GET /api/admin/api-monitoring': monitoring });
    renderAt('/admin/api-monitoring', <ApiMonitoringView />);
    expect(await screen.findByText('Stato del processo')).toBeTruthy();
    expect(screen.getByText('1 h 2 min')).toBeTruthy();
    expect(screen.getByText('100 MB')).toBeTruthy();
    expect(screen.getAllByText('Mostra come tabella')).toHaveLength(2);
    const routes = screen.getByRole('region', { name: 'Ultima ora' });
    expect(within(routes).getByText('GET /api/user')).toBeTruthy();
    expect(within(routes).queryByText('GET /api/requests/:id')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ultime 24 ore' }));
    const day = screen.getByRole('region', { name: 'Ultime 24 ore' });
    expect(within(day).getByText('GET /api/requests/:id')).toBeTruthy();
    expect(within(day).getByText('50%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ultime 24 ore' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says it is loading, and offers a retry when the server refuses', async () => {
    fakeServer({ 'GET /api/admin/api-monitoring': pending() });
    renderAt('/admin/api-monitoring', <ApiMonitoringView />);
    expect(screen.getByRole('status').textContent).toBe('Caricamento…');
    cleanup();
    // No longer an admin: the server answers 404, which is not retried.
    fakeServer({});
    renderAt('/admin/api-monitoring', <ApiMonitoringView />);
    expect((await screen.findByRole('alert')).textContent).toBe('Not found.');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
  });
});

const log = (id: number, status = 200) => ({
  id,
  at: '2026-11-23T10:00:00.000Z',
  method: 'GET',
  route: '/api/user',
  status,
  durationMs: 3.2,
  userId: '11111111-1111-4111-8111-111111111111',
  requestId: `req-${id}`,
});

describe('API logs', () => {
  it('lists requests, loads the next page by cursor and applies the filters', async () => {
    const calls = fakeServer({
      'GET /api/admin/api-logs?limit=50': { items: [log(2), log(1)], nextCursor: 'abc' },
      'GET /api/admin/api-logs?limit=50&cursor=abc': { items: [log(0)], nextCursor: null },
      'GET /api/admin/api-logs?status=5xx&route=%2Fapi%2Fuser&limit=50': {
        items: [log(9, 503)],
        nextCursor: null,
      },
    });
    renderAt('/admin/api-logs', <ApiLogsView />);
    expect(await screen.findByText('req-2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Carica altri' }));
    expect(await screen.findByText('req-0')).toBeTruthy();
    expect(screen.getByText('3 righe mostrate')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carica altri' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Stato'), { target: { value: '5xx' } });
    fireEvent.change(screen.getByLabelText('Modello del percorso'), { target: { value: '/api/user' } });
    fireEvent.click(screen.getByRole('button', { name: 'Applica i filtri' }));
    expect(await screen.findByText('req-9')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain(
      '/api/admin/api-logs?status=5xx&route=%2Fapi%2Fuser&limit=50',
    );
  });

  it('says when nothing matches', async () => {
    fakeServer({ 'GET /api/admin/api-logs?limit=50': { items: [], nextCursor: null } });
    renderAt('/admin/api-logs', <ApiLogsView />);
    expect(await screen.findByText('Nessuna richiesta corrisponde ai filtri.')).toBeTruthy();
  });
});
