import { notificationTypes } from '@giro/contract/notifications';
import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-texts';

describe('a notification links to the screen that acts on it (issue 13)', () => {
  it('the fund’s to /fund, a request’s to /requests, a payout account’s to its panel', () => {
    expect(notificationLink('your_turn')).toBe('/fund');
    expect(notificationLink('fallback_vote')).toBe('/fund');
    expect(notificationLink('request_activated')).toBe('/requests');
    expect(notificationLink('payout_account_required')).toBe('/account#payout-account');
    // A card payment to confirm: its banner is on every page, the home will do.
    expect(notificationLink('payment_confirmation_required')).toBe('/');
  });

  it('every link is a page the web app has', () => {
    const pages = ['/', '/fund', '/requests', '/account#payout-account'];
    for (const type of notificationTypes) expect(pages).toContain(notificationLink(type));
  });
});
