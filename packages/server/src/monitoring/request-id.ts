import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Fastify's request id (genReqId): a UUID, unique across instances and restarts (the default
 * `req-1` counter restarts with each process). Pino's `reqId`, the `x-request-id` answer header
 * and the API log all carry this same id. An incoming id is not trusted.
 */
export function newRequestId(): string {
  return randomUUID();
}

/**
 * Pino's `req` serializer: method and path only. The query string may carry a token (an
 * emailed link), and the client's address is personal data; neither reaches the logs.
 */
export function safeRequestSerializer(request: IncomingMessage & { url?: string }) {
  return { method: request.method, url: (request.url ?? '').split('?')[0] };
}
