import '../../../lib/i18n';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { countdownParts, formatCountdown } from './use-countdown';

const HOUR = 3_600_000;
const at = Date.parse('2030-01-01T00:00:00Z');
const text = (leftMs: number) => formatCountdown(countdownParts(at + leftMs, at), i18n.t);

afterEach(() => i18n.changeLanguage('it'));

describe('countdown (domain.md, Countdown)', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    expect(countdownParts(at + 2 * 24 * HOUR + 3 * HOUR + 15 * 60_000 + 9_500, at)).toEqual({
      status: 'running',
      days: 2,
      hours: 3,
      minutes: 15,
      seconds: 9,
    });
  });

  it('is urgent under 2 hours and overdue from the deadline on, never negative', () => {
    expect(countdownParts(at + 2 * HOUR, at).status).toBe('running');
    expect(countdownParts(at + 2 * HOUR - 1, at).status).toBe('urgent');
    expect(countdownParts(at, at).status).toBe('overdue');
    expect(countdownParts(at - HOUR, at)).toMatchObject({ status: 'overdue', days: 0, hours: 0, seconds: 0 });
  });

  it('formats in Italian and English, seconds only in the last hour', async () => {
    await i18n.changeLanguage('it');
    expect(text(2 * 24 * HOUR + 3 * HOUR + 15 * 60_000)).toBe('2 g 3 h 15 min');
    expect(text(5 * HOUR + 60_000)).toBe('5 h 1 min');
    expect(text(59 * 60_000 + 5_000)).toBe('59 min 5 s');
    expect(text(-1)).toBe('Scaduto');
    await i18n.changeLanguage('en');
    expect(text(2 * 24 * HOUR)).toBe('2 d 0 h 0 min');
    expect(text(0)).toBe('Overdue');
  });
});
