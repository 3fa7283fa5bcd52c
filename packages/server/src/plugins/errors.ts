import { type ErrorCode, errorMessage, errorStatus, isErrorCode } from '@giro/contract/errors';
import { DomainError } from '@giro/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { describeIssue } from './validation-messages';

/** Fastify's own failures, by code, as our codes. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
  FST_CSRF_INVALID_TOKEN: 'CSRF_TOKEN_INVALID',
  FST_CSRF_MISSING_SECRET: 'CSRF_TOKEN_INVALID',
};

const byStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** An error answer; `reasons`, where the code can say why (a refused leave), go into its message. */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  extra: object = {},
  reasons?: readonly unknown[],
) {
  return reply
    .status(errorStatus(code))
    .send({ code, message: errorMessage(code, request.language, reasons), ...extra });
}

/**
 * The one place where failures become HTTP answers: `{code, message}` with the message in the
 * request's language. Bad input is always a 4xx; only a fault of ours is a 500, and is logged.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError || error instanceof DomainError) {
      const reasons = error.details?.reasons;
      // A limit a use case keeps (guesses at a password) says when to try again, as the routes' own do.
      const retryAfter = error.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return sendError(
        reply,
        request,
        error.code,
        error.details ? { details: error.details } : {},
        Array.isArray(reasons) ? reasons : undefined,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => {
        const issue = { ...(v.params as object), code: v.keyword } as Parameters<typeof describeIssue>[0];
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issue.keys?.[0] ?? '');
        const isMissing = v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? '');
        return { field, rule: v.keyword, message: describeIssue(issue, request.language, isMissing) };
      });
      return sendError(reply, request, 'VALIDATION_ERROR', { details });
    }
    const mapped = (error.code && fastifyCodes[error.code]) || undefined;
    if (mapped) return sendError(reply, request, mapped);
    if (error.statusCode === 429) {
      return sendError(reply, request, 'RATE_LIMITED');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        byStatus[status] ?? (isErrorCode(error.code ?? '') ? (error.code as ErrorCode) : 'VALIDATION_ERROR');
      return sendError(reply, request, code);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, 'SERVER_ERROR');
  });
});

/** An unknown API path (and any path when no web app is served) is a JSON 404. */
export const notFoundHandler = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, request, 'NOT_FOUND');
