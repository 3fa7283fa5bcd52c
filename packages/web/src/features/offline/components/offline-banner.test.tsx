import { withItalianArticle } from '@giro/contract/italian';
import { onlineManager, useQueries } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { clockTime, dateTime } from '../../../lib/dates';
import i18n from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderAt } from '../../../test/render-page';
import { OfflineBanner } from './offline-banner';

beforeEach(() => i18n.changeLanguage('it'));
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

/** A screen that shows these reads (kept from before, not asked for again offline). */
function Screen({ keys }: { keys: string[] }) {
  useQueries({ queries: keys.map((key) => ({ queryKey: [key], enabled: false })) });
  return <OfflineBanner signedIn />;
}

function offlineWith(reads: Record<string, number>, shown: string[]) {
  const client = createQueryClient();
  for (const [key, at] of Object.entries(reads))
    client.setQueryData([key], { kept: true }, { updatedAt: at });
  onlineManager.setOnline(false);
  renderAt('/fund', <Screen keys={shown} />, client);
  return screen.findByTestId('offline-banner');
}

it('says how old the oldest read on the screen is, with its day when it is not today’s', async () => {
  const threeDaysAgo = Date.now() - 3 * 86_400_000;
  const fiveMinutesAgo = Date.now() - 5 * 60_000;
  const banner = await offlineWith(
    { '/api/rotating-fund': threeDaysAgo, '/api/session/check': fiveMinutesAgo },
    ['/api/rotating-fund', '/api/session/check'],
  );
  expect(banner.textContent).toContain(
    `Offline, dati ${withItalianArticle('del', dateTime(new Date(threeDaysAgo).toISOString()))}.`,
  );
});

it('today’s reads by their time; what is not on the screen does not count', async () => {
  const today = new Date();
  today.setHours(0, 1, 0, 0);
  const earlyToday = Math.min(today.getTime(), Date.now());
  const banner = await offlineWith(
    { '/api/rotating-fund': earlyToday, '/api/requests': Date.now() - 9 * 86_400_000 },
    ['/api/rotating-fund'],
  );
  expect(banner.textContent).toContain(
    `Offline, dati delle ${clockTime(new Date(earlyToday).toISOString())}.`,
  );
});
