import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundHandler } from './errors';

/**
 * Serves the built web app on the API's port; any path that is not an API or socket path and
 * not a file gets index.html, so the browser's router decides (including its not-found page).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    setHeaders: (res, path) => {
      // Hashed assets never change; the shell and the service worker must be revalidated.
      const immutable = path.includes('/assets/');
      res.raw.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});

/** With the web app served, a GET for an unknown page gets index.html; the browser's router decides. */
export const spaNotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => {
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/api/') || path === '/api' || path === '/ws' || request.method !== 'GET') {
    return notFoundHandler(request, reply);
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
};
