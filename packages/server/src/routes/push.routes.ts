import { okSchema } from '@giro/contract/common';
import {
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushTestResultSchema,
  pushUnsubscribeSchema,
} from '@giro/contract/push';
import { sendTestPush, subscribeToPush, unsubscribeFromPush } from '../use-cases/push-subscriptions';
import { type Routes, typed } from './route-kit';

const tags = ['push'];
const ok = { ok: true as const };

/** Web Push subscriptions (issue 14, api.md second wave). */
export const pushRoutes: Routes = (app, deps) => {
  const r = typed(app);

  // Public: the browser needs it to subscribe (applicationServerKey), and it is public by design.
  r.get('/api/push/public-key', { schema: { tags, response: { 200: pushPublicKeySchema } } }, async () => ({
    publicKey: deps.vapid.publicKey,
  }));

  r.post(
    '/api/push/subscriptions',
    { schema: { tags, body: pushSubscriptionSchema, response: { 200: okSchema } } },
    async (request) => {
      await subscribeToPush(deps, (await request.requireUser()).id, request.body);
      return ok;
    },
  );

  r.delete(
    '/api/push/subscriptions',
    { schema: { tags, body: pushUnsubscribeSchema, response: { 200: okSchema } } },
    async (request) => {
      await unsubscribeFromPush(deps, (await request.requireUser()).id, request.body.endpoint);
      return ok;
    },
  );

  // Beyond api.md: Account's test notification (issue 14, preferences).
  r.post(
    '/api/push/test',
    { schema: { tags, response: { 200: pushTestResultSchema } } },
    async (request) => ({
      browsers: await sendTestPush(deps, await request.requireUser(), request.language),
    }),
  );
};
