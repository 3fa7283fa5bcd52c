import { hash } from 'node:crypto';
import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rememberingTags } from './frozen-answers';

/** API answers are one member's data: kept by their browser only, and always asked again. */
const API_CACHE = 'private, no-cache';

/**
 * Conditional GETs (issue 15): every answer carries an ETag of its body, and a request whose
 * `If-None-Match` names it gets `304 Not Modified` without the body. A phone that polls the
 * dashboard or reloads the fund view downloads and parses nothing when nothing changed; the
 * browser's HTTP cache sends the header and hands the cached body to the app by itself, since
 * API answers say `no-cache` (store, but ask every time). The static files keep the ETag
 * @fastify/static gives them.
 */
export const conditionalGetPlugin = fp(async (app: FastifyInstance) => {
  // One-shot hashing: no Hash object per answer (the plugin's own sha1 makes one each time);
  // a frozen answer's tag is remembered with its text (plugins/frozen-answers.ts).
  await app.register(fastifyEtag, { hashFn: rememberingTags((payload) => hash('sha1', payload, 'base64')) });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'GET' && request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', API_CACHE);
    done(null, payload);
  });
});
