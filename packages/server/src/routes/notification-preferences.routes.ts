import {
  calendarFeedSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
} from '@giro/contract/notification-preferences';
import { z } from 'zod';
import { AppError } from '../errors';
import { calendarFeed, calendarFeedUrl, rotateCalendarFeed } from '../use-cases/calendar-feed';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from '../use-cases/notification-preferences';
import { type Routes, typed } from './route-kit';

const tags = ['notifications'];

/** How reminders reach the member (issue 14, api.md second wave): channels per type, and the calendar. */
export const notificationPreferencesRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/notification-preferences',
    { schema: { tags, response: { 200: notificationPreferencesSchema } } },
    async (request) => getNotificationPreferences(deps, (await request.requireUser()).id),
  );

  r.put(
    '/api/notification-preferences',
    {
      schema: {
        tags,
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => updateNotificationPreferences(deps, (await request.requireUser()).id, request.body),
  );

  r.get('/api/calendar-feed', { schema: { tags, response: { 200: calendarFeedSchema } } }, async (request) =>
    calendarFeedUrl(deps, (await request.requireUser()).id),
  );

  r.post(
    '/api/calendar-feed/rotate',
    { schema: { tags, response: { 200: calendarFeedSchema } } },
    async (request) => rotateCalendarFeed(deps, (await request.requireUser()).id),
  );

  // The secret address itself: calendar apps read it with no session (the signature is the key).
  r.get(
    '/api/calendar-feed/:userId/:file',
    { schema: { tags, params: z.object({ userId: z.uuid(), file: z.string().max(100) }) } },
    async (request, reply) => {
      const signature = request.params.file.replace(/\.ics$/, '');
      const feed = await calendarFeed(deps, request.params.userId, signature);
      if (feed === null) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .send(feed);
    },
  );
};
