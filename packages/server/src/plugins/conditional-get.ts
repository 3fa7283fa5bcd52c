import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rememberingTags } from './frozen-answers';

/** API answers are one member's data: kept by their browser only, and always asked again. */
const API_CACHE = 'private, no-cache';

/** A body's entity tag: one-shot sha1, no Hash object per answer; a frozen answer's is remembered. */
const tagOf = rememberingTags((body) => `"${hash('sha1', body, 'base64')}"`);

/**
 * Conditional GETs (issue 15): every successful GET answers with an ETag of its body, and a GET
 * whose `If-None-Match` names it gets `304 Not Modified` without the body. A phone that polls the
 * dashboard or reloads the fund view downloads and parses nothing when nothing changed; the
 * browser's HTTP cache sends the header and hands the cached body to the app by itself, since
 * API answers say `no-cache` (store, but ask every time). The static files keep the ETag
 * @fastify/static gives them.
 *
 * Only GET and HEAD (ADR 0039): a command's answer is the state after it, not a representation
 * a cache may keep, and a 304 to a command would tell its client that nothing was done when it
 * was (RFC 9110 §13.1.2 evaluates the condition before the method, which no command here asks
 * for). @fastify/etag cannot leave a method out, hence this hook of our own.
 */
export const conditionalGetPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { method } = request;
    if (method !== 'GET' && method !== 'HEAD') return done(null, payload);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', API_CACHE);
    // A 304 stands for a 200 only; streams (static files) carry their own tag, or none.
    const tagged = reply.statusCode === 200 && !reply.hasHeader('etag');
    if (!tagged || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return done(null, payload);
    const etag = tagOf(payload);
    reply.header('etag', etag);
    if (!matches(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304);
    done(null, '');
  });
});

/** Whether an `If-None-Match` names the tag: a list of tags, weak or strong alike (weak comparison), or `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}
