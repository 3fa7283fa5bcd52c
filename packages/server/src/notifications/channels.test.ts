import { describe, expect, it } from 'vitest';
import { channelsFor, destinations, sendableAt } from './channels';

describe('notification channels', () => {
  it('due payments default to every channel; other types to the app and push', () => {
    expect(channelsFor('contribution_due_2h', undefined)).toEqual({ inApp: true, push: true, email: true });
    expect(channelsFor('your_turn', undefined)).toEqual({ inApp: true, push: true, email: false });
    expect(channelsFor('your_turn', { your_turn: { push: false } })).toEqual({
      inApp: true,
      push: false,
      email: false,
    });
  });

  it('email stands in for push on a due payment when no browser is subscribed', () => {
    const noEmail = { inApp: true, push: true, email: false };
    expect(destinations('contribution_due_2h', noEmail, 0)).toEqual({
      inApp: true,
      push: false,
      email: true,
    });
    expect(destinations('contribution_due_2h', noEmail, 1)).toEqual({
      inApp: true,
      push: true,
      email: false,
    });
    expect(destinations('your_turn', noEmail, 0)).toEqual({ inApp: true, push: false, email: false });
    // A member who turned push off for it asked for silence there: no fallback either.
    expect(destinations('contribution_due_2h', { ...noEmail, push: false }, 0).email).toBe(false);
  });
});

describe('quiet hours', () => {
  const quiet = { from: '22:00', to: '07:00' };
  // 23:30 in Rome in winter is 22:30 UTC.
  const night = new Date('2026-01-10T22:30:00Z');
  const day = new Date('2026-01-10T12:00:00Z');

  it('a message in the night waits for the morning, in the member’s time zone', () => {
    expect(sendableAt(night, quiet, 'Europe/Rome').toISOString()).toBe('2026-01-11T06:00:00.000Z');
    expect(sendableAt(day, quiet, 'Europe/Rome')).toBe(day);
    // The same moment is 17:30 in New York: not quiet there.
    expect(sendableAt(night, quiet, 'America/New_York')).toBe(night);
  });

  it('waits for the end on the wall clock across a change of summer time', () => {
    // 23:30 CET on 28 March 2026; the clocks go forward at 02:00: 07:00 CEST is 05:00 UTC.
    expect(sendableAt(new Date('2026-03-28T22:30:00Z'), quiet, 'Europe/Rome').toISOString()).toBe(
      '2026-03-29T05:00:00.000Z',
    );
    // 23:30 CEST on 24 October 2026; the clocks go back at 03:00: 07:00 CET is 06:00 UTC.
    expect(sendableAt(new Date('2026-10-24T21:30:00Z'), quiet, 'Europe/Rome').toISOString()).toBe(
      '2026-10-25T06:00:00.000Z',
    );
    // An end that night skips (02:30 does not exist on 29 March): the wait as counted, 03:30 CEST.
    expect(
      sendableAt(
        new Date('2026-03-28T22:30:00Z'),
        { from: '22:00', to: '02:30' },
        'Europe/Rome',
      ).toISOString(),
    ).toBe('2026-03-29T01:30:00.000Z');
  });

  it('no quiet hours, or an empty span, send at once', () => {
    expect(sendableAt(night, null, 'Europe/Rome')).toBe(night);
    expect(sendableAt(night, { from: '08:00', to: '08:00' }, 'Europe/Rome')).toBe(night);
    expect(sendableAt(day, { from: '15:00', to: '16:00' }, 'Europe/Rome')).toBe(day);
    expect(
      sendableAt(
        new Date('2026-01-10T11:15:00Z'),
        { from: '12:00', to: '14:00' },
        'Europe/Rome',
      ).toISOString(),
    ).toBe('2026-01-10T13:00:00.000Z');
  });
});
