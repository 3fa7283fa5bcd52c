import {
  adminsSchema,
  grantAdminBodySchema,
  issueTesterInviteBodySchema,
  setUserRoleBodySchema,
  testerInviteSchema,
  userRoleSchema,
} from '@giro/contract/admin';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import { grantAdmin, listAdmins } from '../use-cases/admin/admins';
import { issueTesterInvite } from '../use-cases/issue-tester-invite';
import { setUserRole } from '../use-cases/set-user-role';
import { type Routes, typed } from './route-kit';

const tags = ['admin'];

/**
 * Admin routes answer 404 to anyone but an admin, signed out included (api.md, Admin), before
 * reading the body, so that neither validation nor the CSRF check reveals that they exist.
 */
export async function requireAdmin(request: FastifyRequest) {
  const user = await request.currentUser();
  if (user?.role !== 'admin') throw new AppError('NOT_FOUND');
}

export const adminRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.post(
    '/api/admin/tester-invites',
    {
      // The fresh invite code beside an email the caller typed: never compressed (BREACH).
      compress: false,
      onRequest: requireAdmin,
      schema: { tags, body: issueTesterInviteBodySchema, response: { 200: testerInviteSchema } },
    },
    async (request) => issueTesterInvite(deps, (await request.requireUser()).id, request.body),
  );

  r.post(
    '/api/admin/users/:id/role',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        body: setUserRoleBodySchema,
        response: { 200: userRoleSchema },
      },
    },
    async (request) => setUserRole(deps, request.params.id, request.body.role),
  );

  r.get(
    '/api/admin/admins',
    { onRequest: requireAdmin, schema: { tags, response: { 200: adminsSchema } } },
    async (request) => listAdmins(deps, (await request.requireUser()).id),
  );

  r.post(
    '/api/admin/admins',
    {
      onRequest: requireAdmin,
      schema: { tags, body: grantAdminBodySchema, response: { 200: adminsSchema } },
    },
    async (request) => grantAdmin(deps, (await request.requireUser()).id, request.body.login),
  );
};
