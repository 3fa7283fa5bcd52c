import {
  emailPreviewSchema,
  emailTemplateBodySchema,
  emailTemplateListSchema,
  emailTemplateParamsSchema,
  emailTemplateSchema,
  emailTrackingPageSchema,
  emailTrackingQuerySchema,
} from '@giro/contract/admin-monitoring';
import { getEmailTemplate } from '../use-cases/get-email-template';
import { listEmailTemplates } from '../use-cases/list-email-templates';
import { listTrackedEmails } from '../use-cases/list-tracked-emails';
import { previewEmailTemplate } from '../use-cases/preview-email-template';
import { resetEmailTemplate } from '../use-cases/reset-email-template';
import { saveEmailTemplate } from '../use-cases/save-email-template';
import { requireAdmin } from './admin.routes';
import { type Routes, typed } from './route-kit';

const tags = ['admin'];
const path = '/api/admin/email-templates/:key/:lang';

/** Email tracking and the editable templates (admin only; 404 for anyone else). */
export const emailAdminRoutes: Routes = (app, deps) => {
  const r = typed(app);
  const onRequest = requireAdmin;

  r.get(
    '/api/admin/email-tracking',
    {
      onRequest,
      schema: { tags, querystring: emailTrackingQuerySchema, response: { 200: emailTrackingPageSchema } },
    },
    async (request) => listTrackedEmails(deps, request.query),
  );

  r.get(
    '/api/admin/email-templates',
    { onRequest, schema: { tags, response: { 200: emailTemplateListSchema } } },
    async () => listEmailTemplates(deps),
  );
  r.get(
    path,
    {
      onRequest,
      schema: { tags, params: emailTemplateParamsSchema, response: { 200: emailTemplateSchema } },
    },
    async (request) => getEmailTemplate(deps, request.params.key, request.params.lang),
  );
  r.put(
    path,
    {
      onRequest,
      schema: {
        tags,
        params: emailTemplateParamsSchema,
        body: emailTemplateBodySchema,
        response: { 200: emailTemplateSchema },
      },
    },
    async (request) =>
      saveEmailTemplate(
        deps,
        (await request.requireUser()).id,
        request.params.key,
        request.params.lang,
        request.body,
      ),
  );
  r.delete(
    path,
    {
      onRequest,
      schema: { tags, params: emailTemplateParamsSchema, response: { 200: emailTemplateSchema } },
    },
    async (request) => resetEmailTemplate(deps, request.params.key, request.params.lang),
  );
  r.post(
    `${path}/preview`,
    {
      onRequest,
      schema: {
        tags,
        params: emailTemplateParamsSchema,
        body: emailTemplateBodySchema,
        response: { 200: emailPreviewSchema },
      },
    },
    async (request) => previewEmailTemplate(deps, request.params.key, request.body),
  );
};
