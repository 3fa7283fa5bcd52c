import { okSchema } from '@giro/contract/common';
import {
  securityEventsSchema,
  sessionParamsSchema,
  sessionsSchema,
  signedOutOthersSchema,
} from '@giro/contract/security';
import { listOwnSecurityEvents } from '../use-cases/security-events';
import { endOtherSessions, endOwnSession, listOwnSessions } from '../use-cases/sessions';
import { type Routes, typed } from './route-kit';

const tags = ['sessions'];

/** Where a member is signed in, and what happened to their account (api.md, Second wave; issue 18). */
export const sessionRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get('/api/sessions', { schema: { tags, response: { 200: sessionsSchema } } }, async (request) => {
    const user = await request.requireUser();
    return { sessions: await listOwnSessions(deps, user.id, request.session.sessionId) };
  });

  r.delete(
    '/api/sessions/:id',
    { schema: { tags, params: sessionParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      const user = await request.requireUser();
      await endOwnSession(deps, user.id, request.params.id);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/sessions/sign-out-others',
    { schema: { tags, response: { 200: signedOutOthersSchema } } },
    async (request) => {
      const user = await request.requireUser();
      return { ended: await endOtherSessions(deps, user.id, request.session.sessionId) };
    },
  );

  r.get(
    '/api/security-events',
    { schema: { tags, response: { 200: securityEventsSchema } } },
    async (request) => {
      const user = await request.requireUser();
      return { events: await listOwnSecurityEvents(deps, user.id) };
    },
  );
};
