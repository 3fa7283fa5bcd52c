import fastifyCsrf from '@fastify/csrf-protection';
import { csrfTokenSchema } from '@giro/contract/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Provider webhooks are verified by signature instead (api.md, Conventions). */
const EXEMPT_PREFIXES = ['/api/webhooks/'];

/**
 * The CSRF protocol of SPEC §7 (ADR 0005): `GET /api/csrf-token` gives a token bound to a
 * secret kept in a signed HttpOnly cookie; every other method must send it in `X-CSRF-Token`
 * (or the form field `_csrf`). A missing or wrong token is 403 CSRF_TOKEN_INVALID.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { secure: boolean }) => {
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    // `__Host-` under https, as the session cookie (plugins/session.ts).
    cookieKey: options.secure ? '__Host-giro.csrf' : 'giro.csrf',
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: options.secure },
    getToken: (request) => {
      const header = request.headers['x-csrf-token'];
      if (typeof header === 'string') return header;
      const body = request.body as { _csrf?: unknown } | undefined;
      return typeof body?._csrf === 'string' ? body._csrf : undefined;
    },
  });

  app.addHook('preValidation', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    if (SAFE_METHODS.has(request.method) || EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return done();
    }
    app.csrfProtection(request, reply, done);
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/csrf-token',
    // Never compressed: a secret must not sit in a compressed answer (BREACH, ADR 0019).
    { compress: false, schema: { tags: ['auth'], response: { 200: csrfTokenSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { csrfToken: await reply.generateCsrf() };
    },
  );
});
