import { defaultChannels, type NotificationPreferences } from '@giro/contract/notification-preferences';
import { notificationTypes } from '@giro/contract/notifications';
import { describe, expect, it } from 'vitest';
import { applyUpdate, channelUpdate, webcalUrl, withDeviceTimeZone } from './notification-preferences';

const preferences: NotificationPreferences = {
  types: Object.fromEntries(
    notificationTypes.map((type) => [type, defaultChannels(type)]),
  ) as NotificationPreferences['types'],
  quietHours: { from: '22:00', to: '07:00' },
  timeZone: 'Europe/Rome',
  weeklySummary: false,
  pushBrowsers: 1,
};

describe('a switch of the notification table', () => {
  it('sends only its own type and channel', () => {
    expect(channelUpdate('contribution_due_2h', 'email', false)).toEqual({
      types: { contribution_due_2h: { email: false } },
    });
  });

  it('shows at once what the server will hold: that channel changed, the rest kept', () => {
    const next = applyUpdate(preferences, channelUpdate('your_turn', 'push', false));
    expect(next.types.your_turn).toEqual({ inApp: true, push: false, email: false });
    expect(next.types.contribution_due_2h).toEqual(preferences.types.contribution_due_2h);
    expect(next.quietHours).toEqual({ from: '22:00', to: '07:00' });
    expect(next.pushBrowsers).toBe(1);
    expect(preferences.types.your_turn.push).toBe(true);
  });

  it('turns quiet hours off with null, and leaves them alone when the change does not name them', () => {
    expect(applyUpdate(preferences, { quietHours: null }).quietHours).toBeNull();
    expect(applyUpdate(preferences, { weeklySummary: true })).toEqual({
      ...preferences,
      weeklySummary: true,
    });
    expect(applyUpdate(preferences, { timeZone: 'Europe/London' }).timeZone).toBe('Europe/London');
  });
});

describe('the time zone of the first save', () => {
  const update = { weeklySummary: true };

  it('adds the device’s zone when the server holds another and this device never sent it', () => {
    expect(withDeviceTimeZone(update, 'Europe/Rome', 'Europe/London', null)).toEqual({
      weeklySummary: true,
      timeZone: 'Europe/London',
    });
  });

  it('adds it again once the device has moved to another zone', () => {
    expect(withDeviceTimeZone(update, 'Europe/Rome', 'America/New_York', 'Europe/London').timeZone).toBe(
      'America/New_York',
    );
  });

  it('adds nothing when the server already holds it, when it was sent from here, or when a zone was picked', () => {
    expect(withDeviceTimeZone(update, 'Europe/London', 'Europe/London', null)).toBe(update);
    expect(withDeviceTimeZone(update, 'Asia/Tokyo', 'Europe/London', 'Europe/London')).toBe(update);
    const picked = { timeZone: 'Asia/Tokyo' };
    expect(withDeviceTimeZone(picked, 'Europe/Rome', 'Europe/London', null)).toBe(picked);
  });
});

describe('the calendar address', () => {
  it('opens in calendar apps as webcal:, from https or http', () => {
    expect(webcalUrl('https://giro.example/api/calendar/abc.ics')).toBe(
      'webcal://giro.example/api/calendar/abc.ics',
    );
    expect(webcalUrl('http://127.0.0.1:5000/api/calendar/abc.ics')).toBe(
      'webcal://127.0.0.1:5000/api/calendar/abc.ics',
    );
  });
});
