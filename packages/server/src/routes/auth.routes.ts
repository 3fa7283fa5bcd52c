import {
  inviteConvertBodySchema,
  loginBodySchema,
  registerBodySchema,
  registrationModeSchema,
  sessionCheckSchema,
  userSchema,
} from '@giro/contract/auth';
import { okSchema } from '@giro/contract/common';
import { convertInvite } from '../use-cases/convert-invite';
import { logIn } from '../use-cases/log-in';
import { registerUser } from '../use-cases/register-user';
import { userView } from '../views/user.view';
import { limit, type Routes, typed } from './route-kit';

const tags = ['auth'];

export const authRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get('/api/config', { schema: { tags, response: { 200: registrationModeSchema } } }, async () => ({
    registration: deps.config.registration,
    testClock: deps.config.testClock,
    payments: deps.config.payments.mode,
    ...(deps.config.payments.mode === 'live' && deps.config.payments.stripe.publishableKey
      ? { cardElementsKey: deps.config.payments.stripe.publishableKey }
      : {}),
  }));

  r.get(
    '/api/session/check',
    { schema: { tags, response: { 200: sessionCheckSchema } } },
    async (request) => {
      const user = await request.currentUser();
      return user ? { authenticated: true, user: userView(user) } : { authenticated: false };
    },
  );

  r.get('/api/user', { schema: { tags, response: { 200: userSchema } } }, async (request) =>
    userView(await request.requireUser()),
  );

  r.get(
    '/api/captcha/challenge',
    { schema: { tags }, config: limit(deps, 30, '1 minute') },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.captcha.challenge();
    },
  );

  r.post(
    '/api/register',
    {
      schema: { tags, body: registerBodySchema, response: { 200: userSchema } },
      config: limit(deps, 5, '10 minutes'),
    },
    async (request) => {
      const user = await registerUser(deps, request.body, request.language);
      await request.session.signIn(user, 'registered');
      return userView(user);
    },
  );

  r.post(
    '/api/login',
    {
      schema: { tags, body: loginBodySchema, response: { 200: userSchema } },
      config: limit(deps, 10, '5 minutes'),
    },
    async (request) => {
      const { username, password } = request.body;
      const user = await logIn(deps, username, password, request.session.knownBrowser());
      await request.session.signIn(user, 'signed_in', { checkedPasswordHash: user.passwordHash });
      return userView(user);
    },
  );

  r.post('/api/logout', { schema: { tags, response: { 200: okSchema } } }, async (request) => {
    await request.session.signOut();
    return { ok: true as const };
  });

  r.post(
    '/api/invite/convert',
    { schema: { tags, body: inviteConvertBodySchema, response: { 200: okSchema } } },
    async (request) => {
      const user = await request.requireUser();
      await convertInvite(deps, user.id, request.body.inviteCode);
      return { ok: true as const };
    },
  );
};
