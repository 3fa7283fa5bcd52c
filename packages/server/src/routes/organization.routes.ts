import { okSchema } from '@giro/contract/common';
import { dashboardSchema } from '@giro/contract/dashboard';
import {
  createOrganizationBodySchema,
  invitePreviewSchema,
  joinOrganizationBodySchema,
  membersSchema,
  organizationSchema,
} from '@giro/contract/organization';
import { z } from 'zod';
import { findUserById } from '../db/user.repository';
import { AppError } from '../errors';
import { createOrganization } from '../use-cases/create-organization';
import { getDashboard } from '../use-cases/get-dashboard';
import { getOrganization, listMembers } from '../use-cases/get-organization';
import { joinOrganization } from '../use-cases/join-organization';
import { leaveOrganization } from '../use-cases/leave-organization';
import { previewInvite } from '../use-cases/preview-invite';
import { limit, type Routes, typed } from './route-kit';

const tags = ['organization'];

export const organizationRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get('/api/family', { schema: { tags, response: { 200: organizationSchema } } }, async (request) =>
    getOrganization(deps.db, await request.requireUser()),
  );

  r.post(
    '/api/family',
    { schema: { tags, body: createOrganizationBodySchema, response: { 200: organizationSchema } } },
    async (request) => {
      const user = await request.requireUser();
      await createOrganization(deps, user.id, request.body);
      return getOrganization(deps.db, (await findUserById(deps.db, user.id))!);
    },
  );

  r.post(
    '/api/family/join',
    {
      schema: { tags, body: joinOrganizationBodySchema, response: { 200: organizationSchema } },
      config: limit(deps, 20, '10 minutes', true),
    },
    async (request) => {
      const user = await request.requireUser();
      await joinOrganization(deps, user.id, request.body.inviteCode);
      return getOrganization(deps.db, (await findUserById(deps.db, user.id))!);
    },
  );

  r.post('/api/family/leave', { schema: { tags, response: { 200: okSchema } } }, async (request) => {
    await leaveOrganization(deps, (await request.requireUser()).id);
    return { ok: true as const };
  });

  r.get('/api/family/members', { schema: { tags, response: { 200: membersSchema } } }, async (request) => {
    const user = await request.requireUser();
    if (!user.familyId) throw new AppError('NOT_IN_ORGANIZATION');
    return { members: await listMembers(deps.db, user.familyId) };
  });

  r.get(
    '/api/invite/:code',
    {
      schema: {
        tags,
        params: z.object({ code: z.string().max(64) }),
        response: { 200: invitePreviewSchema },
      },
      config: limit(deps, 30, '1 minute'),
    },
    async (request) => previewInvite(deps, request.params.code),
  );

  r.get(
    '/api/dashboard',
    { schema: { tags: ['dashboard'], response: { 200: dashboardSchema } } },
    async (request) => getDashboard(deps, await request.requireUser()),
  );
};
