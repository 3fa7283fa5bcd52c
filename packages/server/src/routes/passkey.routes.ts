import { userSchema } from '@giro/contract/auth';
import { okSchema } from '@giro/contract/common';
import {
  passkeyParamsSchema,
  passkeyRegistrationOptionsBodySchema,
  passkeySignInBodySchema,
  passkeysSchema,
  passkeyViewSchema,
  registerPasskeyBodySchema,
  renamePasskeyBodySchema,
  webauthnOptionsSchema,
} from '@giro/contract/security';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removeOwnPasskey,
  renameOwnPasskey,
  signInWithPasskey,
} from '../use-cases/passkeys';
import { userView } from '../views/user.view';
import { limit, type Routes, typed } from './route-kit';

const tags = ['passkeys'];

/** Passkeys (api.md, Second wave; issue 18): add, list, rename and remove while signed in; sign in with one. */
export const passkeyRoutes: Routes = (app, deps) => {
  const r = typed(app);
  const noStore = { 'cache-control': 'no-store' };

  r.post(
    '/api/passkeys/registration/options',
    {
      schema: { tags, body: passkeyRegistrationOptionsBodySchema, response: { 200: webauthnOptionsSchema } },
      config: limit(deps, 20, '10 minutes', true),
    },
    async (request, reply) => {
      const user = await request.requireUser();
      reply.headers(noStore);
      const browser = request.session.knownBrowser();
      return passkeyRegistrationOptions(deps, user, request.body.password, browser) as unknown as Promise<
        Record<string, unknown>
      >;
    },
  );

  r.post(
    '/api/passkeys/registration',
    {
      schema: { tags, body: registerPasskeyBodySchema, response: { 200: passkeyViewSchema } },
      config: limit(deps, 20, '10 minutes', true),
    },
    async (request) => {
      const user = await request.requireUser();
      return registerPasskey(
        deps,
        user,
        { name: request.body.name, response: request.body.response as RegistrationResponseJSON },
        request.session.sessionId,
      );
    },
  );

  r.post(
    '/api/passkeys/authentication/options',
    { schema: { tags, response: { 200: webauthnOptionsSchema } }, config: limit(deps, 30, '1 minute') },
    async (_request, reply) => {
      reply.headers(noStore);
      return passkeySignInOptions(deps) as unknown as Promise<Record<string, unknown>>;
    },
  );

  // The same session, cookie and rate limit as a password sign-in (auth.routes.ts).
  r.post(
    '/api/passkeys/authentication',
    {
      schema: { tags, body: passkeySignInBodySchema, response: { 200: userSchema } },
      config: limit(deps, 10, '5 minutes'),
    },
    async (request) => {
      const { user, passkeyId } = await signInWithPasskey(
        deps,
        request.body.response as AuthenticationResponseJSON,
      );
      await request.session.signIn(user, 'signed_in', { passkeyId });
      return userView(user);
    },
  );

  r.get('/api/passkeys', { schema: { tags, response: { 200: passkeysSchema } } }, async (request) => {
    const user = await request.requireUser();
    return { passkeys: await listPasskeys(deps, user.id) };
  });

  r.patch(
    '/api/passkeys/:id',
    {
      schema: {
        tags,
        params: passkeyParamsSchema,
        body: renamePasskeyBodySchema,
        response: { 200: passkeyViewSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return renameOwnPasskey(deps, user, request.params.id, request.body.name);
    },
  );

  r.delete(
    '/api/passkeys/:id',
    { schema: { tags, params: passkeyParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      const user = await request.requireUser();
      await removeOwnPasskey(deps, user, request.params.id, request.session.sessionId);
      return { ok: true as const };
    },
  );
};
