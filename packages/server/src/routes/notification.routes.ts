import { okSchema } from '@giro/contract/common';
import { notificationParamsSchema, notificationsSchema } from '@giro/contract/notifications';
import { deleteNotification, listNotifications, markNotificationsRead } from '../db/notification.repository';
import { AppError } from '../errors';
import { type Routes, typed } from './route-kit';

const tags = ['notifications'];

export const notificationRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/user-notifications',
    { schema: { tags, response: { 200: notificationsSchema } } },
    async (request) => {
      const user = await request.requireUser();
      return listNotifications(deps.db, user.id, request.language);
    },
  );

  r.delete(
    '/api/user-notifications/:id',
    { schema: { tags, params: notificationParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      const user = await request.requireUser();
      if (!(await deleteNotification(deps.db, user.id, request.params.id))) throw new AppError('NOT_FOUND');
      return { ok: true as const };
    },
  );

  r.post(
    '/api/user-notifications/read',
    { schema: { tags, response: { 200: okSchema } } },
    async (request) => {
      const user = await request.requireUser();
      await markNotificationsRead(deps.db, user.id, deps.clock.now());
      return { ok: true as const };
    },
  );
};
