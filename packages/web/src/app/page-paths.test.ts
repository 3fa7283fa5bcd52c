import { describe, expect, it } from 'vitest';
import { dashboardKey } from '../features/dashboard/api/dashboard';
import { debtsKey } from '../features/debts/api/debts';
import { fundKey } from '../features/fund/api/fund-queries';
import { requestsKey } from '../features/requests/api/request-queries';
import { pageAt, pageReads } from './page-paths';

// page-paths imports nothing (the build's configuration reads it), so its reads are written as
// URLs: they must stay the queries' own keys, or index.html's preloads would go unused and
// page-data would read the fund without its 404 handling.
describe('page-paths: the reads index.html preloads are the app’s queries', () => {
  it('names each first-screen read by its query key', () => {
    const keys = [dashboardKey[0], fundKey[0], debtsKey[0], requestsKey[0]];
    for (const reads of Object.values(pageReads)) for (const url of reads) expect(keys).toContain(url);
  });

  it('finds the page a path shows, and none for a path that is not one', () => {
    expect(pageAt('/')).toBe('dashboard');
    expect(pageAt('/invite/ABC123')).toBe('auth');
    expect(pageAt('/requests/42')).toBe('request');
    expect(pageAt('/privacy')).toBeUndefined();
  });
});
