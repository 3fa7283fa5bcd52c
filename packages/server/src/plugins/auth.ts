import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { findUserById, type UserRow } from '../db/user.repository';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or 401 UNAUTHORIZED. Loaded once per request. */
    requireUser(): Promise<UserRow>;
    /** The signed-in user, or null. */
    currentUser(): Promise<UserRow | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

export const authPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const userId = this.session.userId;
      pending = userId
        ? findUserById(options.db, userId).then((user) => user ?? null)
        : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  });
});
