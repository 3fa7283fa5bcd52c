import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers above 1 KB are compressed on the fly (brotli, else gzip) when the client accepts it.
 * Brotli at quality 4: close to gzip's speed, a smaller answer; the static files are
 * precompressed at the highest quality by the build instead (plugins/web-app.ts).
 *
 * BREACH: an answer that carries a secret beside text an attacker can influence must stay
 * uncompressed, or its compressed length leaks the secret a byte at a time. Such routes say
 * `compress: false` (the CSRF token; tester invites) — see ADR 0019.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
