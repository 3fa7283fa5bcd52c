import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors';
import { describeIssue } from './validation-messages';

/**
 * PostgreSQL's text cannot hold U+0000: a string carrying one fails inside the query, as a
 * 500, wherever it is stored or compared (the stateful contract fuzzing found it on a push
 * subscription's endpoint). No field of ours has a use for it, so every request that brings one,
 * in its body, query or path, is refused before validation with the catalogue's 400.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request, reply) => {
    const field =
      fieldWithNul(request.body, '') ?? fieldWithNul(request.query, '') ?? fieldWithNul(request.params, '');
    if (field === undefined) return;
    const message = describeIssue({ code: 'invalid_format' }, request.language, false);
    const details = [{ field, rule: 'invalid_format', message }];
    return sendError(reply, request, 'VALIDATION_ERROR', { details });
  });
});

/** The path of the first string (or key) holding U+0000, in the error details' dotted form. */
function fieldWithNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = fieldWithNul(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
}
