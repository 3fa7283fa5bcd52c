import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { testCollectingFund } from '../../../test/fund-fixture';
import { fakeServer, renderAt } from '../../../test/render-page';
import { RiskPanel } from './risk-panel';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('it');
});

const fund = testCollectingFund();
const missing = (hoursLeft: number, count = 2) => ({
  [`GET /api/rotating-fund/${fund.id}/risk`]: {
    score: 35,
    reasons: [{ code: 'missing_contributions', weight: 35, missing: count, expected: 3, hoursLeft }],
  },
});

describe('the risk panel says how long is left as a member would', () => {
  it('in days from two days up, not hundreds of hours', async () => {
    fakeServer(missing(334));
    renderAt('/fund', <RiskPanel fund={fund} />);
    expect(await screen.findByText('Mancano 2 contributi su 3, tempo rimasto: 13 giorni')).toBeTruthy();
  });

  it('in hours below two days, one in the singular', async () => {
    fakeServer(missing(1));
    renderAt('/fund', <RiskPanel fund={fund} />);
    expect(await screen.findByText('Mancano 2 contributi su 3, tempo rimasto: 1 ora')).toBeTruthy();
  });

  it('one contribution missing, in the singular', async () => {
    fakeServer(missing(334, 1));
    renderAt('/fund', <RiskPanel fund={fund} />);
    expect(await screen.findByText('Manca 1 contributo su 3, tempo rimasto: 13 giorni')).toBeTruthy();
  });

  it('before the window opens, what is still to pay and when it opens, not time running out', async () => {
    const early = testCollectingFund({
      windowOpensAt: '2999-01-14T12:00:00.000Z',
      withdrawalAt: '2999-01-21T12:00:00.000Z',
    });
    fakeServer({
      [`GET /api/rotating-fund/${early.id}/risk`]: {
        score: 5,
        reasons: [{ code: 'missing_contributions', weight: 5, missing: 3, expected: 3, hoursLeft: 334 }],
      },
    });
    renderAt('/fund', <RiskPanel fund={early} />);
    expect(
      await screen.findByText('3 contributi su 3 ancora da versare: la finestra si apre il 14 gennaio 2999'),
    ).toBeTruthy();
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    fakeServer(missing(47));
    renderAt('/fund', <RiskPanel fund={fund} />);
    expect(await screen.findByText('2 of 3 contributions missing, 47 hours left')).toBeTruthy();
  });
});
