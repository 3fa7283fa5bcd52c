import fastifyFormbody from '@fastify/formbody';
import { z } from 'zod';
import {
  sandboxAccountStatus,
  sandboxChargeStatus,
  setSandboxAccountStatus,
  settleSandboxCharge,
} from '../db/sandbox-account.repository';
import { AppError } from '../errors';
import { resumeAwaitingCharge } from '../use-cases/payments/awaiting-charges';
import { recordAccountStatus } from '../use-cases/payout-account/record-account-status';
import { type Routes, typed } from './route-kit';

const accountParams = z.object({ accountId: z.string().regex(/^acct_sbx_[0-9a-f]{24}$/) });
const onboardingQuery = z.object({ return: z.url(), refresh: z.url() });
const onboardingBody = z.object({ action: z.enum(['complete', 'restrict']), _csrf: z.string().optional() });
const chargeParams = z.object({ ref: z.string().regex(/^pi_[0-9a-f]{24}$/) });
const confirmQuery = z.object({ return: z.url() });
const confirmBody = z.object({ action: z.enum(['confirm', 'fail']), _csrf: z.string().optional() });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A plain page that says it is the sandbox, with one form of buttons posting to itself. */
function sandboxPage(page: {
  title: string;
  text: string;
  action: string;
  csrf: string;
  buttons: string;
  back: string;
}) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title></head>
<body><main><h1>Sandbox payment provider</h1>
<p>This is the <strong>sandbox</strong>: no real account, no real money. ${page.text}</p>
<form method="post" action="${escapeHtml(page.action)}"><input type="hidden" name="_csrf" value="${escapeHtml(page.csrf)}">
${page.buttons}</form>
<p><a href="${escapeHtml(page.back)}">Back to Giro</a></p></main></body></html>`;
}

/**
 * The sandbox's stand-ins for the card provider's hosted pages (PAYMENTS=sandbox only): the
 * connected account's onboarding (complete, or restrict) and the bank's 3-D Secure step of a
 * card payment (confirm, or fail). Each goes back to the app; form posts carry the CSRF token
 * as `_csrf`.
 */
export const sandboxPagesRoutes: Routes = (app, deps) => {
  if (deps.config.payments.mode !== 'sandbox') return;
  // Back only to this app's own pages: never an open redirect.
  const origin = new URL(deps.config.publicUrl).origin;
  const ours = (url: string) => new URL(url).origin === origin;
  app.register(async (scope) => {
    await scope.register(fastifyFormbody);
    const r = typed(scope);
    r.get(
      '/sandbox/onboarding/:accountId',
      { schema: { hide: true, params: accountParams, querystring: onboardingQuery } },
      async (request, reply) => {
        if (!ours(request.query.return) || !ours(request.query.refresh))
          throw new AppError('VALIDATION_ERROR');
        const status = await sandboxAccountStatus(deps.db, request.params.accountId);
        reply.type('text/html; charset=utf-8');
        return sandboxPage({
          title: 'Sandbox onboarding',
          text: `Account <code>${escapeHtml(request.params.accountId)}</code> is <strong>${escapeHtml(status ?? 'unknown')}</strong>.`,
          action: request.url,
          csrf: await reply.generateCsrf(),
          buttons: `<button name="action" value="complete">Complete onboarding</button>
<button name="action" value="restrict">Restrict the account</button>`,
          back: request.query.refresh,
        });
      },
    );
    r.post(
      '/sandbox/onboarding/:accountId',
      { schema: { hide: true, params: accountParams, querystring: onboardingQuery, body: onboardingBody } },
      async (request, reply) => {
        if (!ours(request.query.return)) throw new AppError('VALIDATION_ERROR');
        const status = request.body.action === 'complete' ? 'active' : 'restricted';
        const found = await setSandboxAccountStatus(deps.db, request.params.accountId, status);
        if (!found) throw new AppError('NOT_FOUND');
        // What the real provider's webhook would tell us.
        await recordAccountStatus(deps, request.params.accountId, status);
        return reply.redirect(request.query.return, 303);
      },
    );

    r.get(
      '/sandbox/confirm/:ref',
      { schema: { hide: true, params: chargeParams, querystring: confirmQuery } },
      async (request, reply) => {
        if (!ours(request.query.return)) throw new AppError('VALIDATION_ERROR');
        const status = await sandboxChargeStatus(deps.db, request.params.ref);
        if (!status) throw new AppError('NOT_FOUND');
        reply.type('text/html; charset=utf-8');
        return sandboxPage({
          title: 'Sandbox card authentication',
          text: `Your bank asks you to confirm card payment <code>${escapeHtml(request.params.ref)}</code>: it is <strong>${escapeHtml(status)}</strong>.`,
          action: request.url,
          csrf: await reply.generateCsrf(),
          buttons:
            status === 'requires_action'
              ? `<button name="action" value="confirm">Confirm the payment</button>
<button name="action" value="fail">Fail authentication</button>`
              : '',
          back: request.query.return,
        });
      },
    );
    r.post(
      '/sandbox/confirm/:ref',
      { schema: { hide: true, params: chargeParams, querystring: confirmQuery, body: confirmBody } },
      async (request, reply) => {
        if (!ours(request.query.return)) throw new AppError('VALIDATION_ERROR');
        const status = request.body.action === 'confirm' ? 'authorized' : 'failed';
        // A second post (a reload, a second tab) changes nothing: the first answer stands.
        await settleSandboxCharge(deps.db, request.params.ref, status);
        if (!(await sandboxChargeStatus(deps.db, request.params.ref))) throw new AppError('NOT_FOUND');
        // What the real provider's webhook would tell us.
        await resumeAwaitingCharge(deps, request.params.ref);
        return reply.redirect(request.query.return, 303);
      },
    );
  });
};
