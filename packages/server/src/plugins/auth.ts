import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/user.repository';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or 401 UNAUTHORIZED. Read once per request, with the session. */
    requireUser(): Promise<UserRow>;
    /** The signed-in user, or null. */
    currentUser(): Promise<UserRow | null>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    return this.session.user();
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.session.user();
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  });
});
