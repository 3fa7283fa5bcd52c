import fastifyFormbody from '@fastify/formbody';
import { z } from 'zod';
import { sandboxAccountStatus, setSandboxAccountStatus } from '../db/sandbox-account.repository';
import { AppError } from '../errors';
import { recordAccountStatus } from '../use-cases/payout-account/record-account-status';
import { type Routes, typed } from './route-kit';

const params = z.object({ accountId: z.string().regex(/^acct_sbx_[0-9a-f]{24}$/) });
const query = z.object({ return: z.url(), refresh: z.url() });
const body = z.object({ action: z.enum(['complete', 'restrict']), _csrf: z.string().optional() });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The sandbox's stand-in for the card provider's hosted onboarding (PAYMENTS=sandbox only): a
 * plain page that says it is a sandbox, where one button completes onboarding and another
 * restricts the account, then goes back to the app. Form posts carry the CSRF token as `_csrf`.
 */
export const sandboxOnboardingRoutes: Routes = (app, deps) => {
  if (deps.config.payments.mode !== 'sandbox') return;
  // Back only to this app's own pages: never an open redirect.
  const origin = new URL(deps.config.publicUrl).origin;
  const ours = (url: string) => new URL(url).origin === origin;
  app.register(async (scope) => {
    await scope.register(fastifyFormbody);
    const r = typed(scope);
    r.get(
      '/sandbox/onboarding/:accountId',
      { schema: { hide: true, params, querystring: query } },
      async (request, reply) => {
        if (!ours(request.query.return) || !ours(request.query.refresh))
          throw new AppError('VALIDATION_ERROR');
        const token = await reply.generateCsrf();
        const status = await sandboxAccountStatus(deps.db, request.params.accountId);
        const action = escapeHtml(request.url);
        reply.type('text/html; charset=utf-8');
        return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox onboarding</title></head>
<body><main><h1>Sandbox payment provider</h1>
<p>This is the <strong>sandbox</strong>: no real account, no real money. Account <code>${escapeHtml(request.params.accountId)}</code> is <strong>${escapeHtml(status ?? 'unknown')}</strong>.</p>
<form method="post" action="${action}"><input type="hidden" name="_csrf" value="${escapeHtml(token)}">
<button name="action" value="complete">Complete onboarding</button>
<button name="action" value="restrict">Restrict the account</button></form>
<p><a href="${escapeHtml(request.query.refresh)}">Back to Giro</a></p></main></body></html>`;
      },
    );
    r.post(
      '/sandbox/onboarding/:accountId',
      { schema: { hide: true, params, querystring: query, body } },
      async (request, reply) => {
        if (!ours(request.query.return)) throw new AppError('VALIDATION_ERROR');
        const found = await setSandboxAccountStatus(
          deps.db,
          request.params.accountId,
          request.body.action === 'complete' ? 'active' : 'restricted',
        );
        if (!found) throw new AppError('NOT_FOUND');
        // What the real provider's webhook would tell us.
        await recordAccountStatus(
          deps,
          request.params.accountId,
          request.body.action === 'complete' ? 'active' : 'restricted',
        );
        return reply.redirect(request.query.return, 303);
      },
    );
  });
};
