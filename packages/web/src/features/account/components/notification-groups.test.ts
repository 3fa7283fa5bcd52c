import { notificationTypes } from '@giro/contract/notifications';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/account.json';
import it_ from '../../../locales/it/account.json';
import { notificationGroups } from './notification-groups';

describe('the notification table’s groups', () => {
  it('place every type exactly once, none left to "other"', () => {
    const groups = notificationGroups();
    const placed = groups.flatMap((group) => group.types);
    expect([...placed].sort()).toEqual([...notificationTypes].sort());
    expect(groups.map((group) => group.name)).toEqual(['contributions', 'payments', 'group']);
  });

  it('still show a type they do not know yet, under "other"', () => {
    const future = 'contribution_due_1h' as (typeof notificationTypes)[number];
    const groups = notificationGroups([...notificationTypes, future]);
    expect(groups.at(-1)).toEqual({ name: 'other', types: [future] });
  });

  it('have a label for every type and group, in both languages', () => {
    for (const strings of [it_, en]) {
      const { labels, groups } = strings.notifications.types;
      for (const type of notificationTypes) expect(labels[type], type).toBeTruthy();
      for (const name of ['contributions', 'payments', 'group', 'other'] as const)
        expect(groups[name], name).toBeTruthy();
    }
  });
});
