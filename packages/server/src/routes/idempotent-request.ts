import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdempotentRequest } from '../db/idempotency.repository';

/** The Idempotency-Key header of the routes that move money (api.md, Conventions). */
export const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(200).optional() });

/** JSON with every object's keys in one order, so two bodies that say the same thing read the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/**
 * What a request asks, as SHA-256 hex: method, route, path parameters (which fund, which
 * contribution) and body, each as validated, the body canonical.
 */
export function requestHash(parts: { method: string; route: string; params: unknown; body: unknown }) {
  const { method, route, params, body } = parts;
  return createHash('sha256')
    .update(canonicalJson([method, route, params ?? null, body ?? null]))
    .digest('hex');
}

/**
 * The request's Idempotency-Key with the hash of what it asks, or undefined without a key.
 * `route` is the route's name in stored keys.
 */
export function idempotentRequest(request: FastifyRequest, route: string): IdempotentRequest | undefined {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return undefined;
  const hash = requestHash({
    method: request.method,
    route: request.routeOptions.url ?? route,
    params: request.params,
    body: request.body,
  });
  return { key, route, requestHash: hash };
}
