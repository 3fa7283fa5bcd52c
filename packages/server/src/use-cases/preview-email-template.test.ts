import { notificationTypes } from '@giro/contract/notifications';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../deps';
import { noticePlaceholders } from '../notifications/notification-texts';
import { previewEmailTemplate } from './preview-email-template';

const deps = { config: { publicUrl: 'https://giro.test' } } as Deps;

describe('an admin previewing a notification text', () => {
  it('sees a sample for every placeholder its default text uses (one left out was blank)', () => {
    const blank = notificationTypes.flatMap((type) =>
      noticePlaceholders(type)
        .filter((name) => {
          const body = { subject: 'x', body: `{{${name}}}` };
          return previewEmailTemplate(deps, `notice_${type}`, body).text.trim() === '';
        })
        .map((name) => `${type}: ${name}`),
    );
    expect(blank).toEqual([]);
  });
});
