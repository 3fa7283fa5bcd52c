import fastifyFormbody from '@fastify/formbody';
import type { Language } from '@giro/contract/errors';
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

/**
 * The pages' words, in the browser's language (as the provider's own pages choose theirs): with
 * the default payments, a member connecting a payout account or confirming a card meets them.
 */
const words = {
  en: {
    provider: 'Sandbox payment provider',
    sandbox: 'This is the <strong>sandbox</strong>: no real account, no real money.',
    back: 'Back to Giro',
    onboardingTitle: 'Sandbox onboarding',
    account: (id: string, status: string) => `Account <code>${id}</code> is <strong>${status}</strong>.`,
    complete: 'Complete onboarding',
    restrict: 'Restrict the account',
    confirmTitle: 'Sandbox card authentication',
    charge: (ref: string, status: string) =>
      `Your bank asks you to confirm card payment <code>${ref}</code>: it is <strong>${status}</strong>.`,
    confirm: 'Confirm the payment',
    fail: 'Fail authentication',
  },
  it: {
    provider: 'Fornitore di pagamenti di prova',
    sandbox: 'Questa è la <strong>sandbox</strong>: nessun conto reale, nessun denaro reale.',
    back: 'Torna a Giro',
    onboardingTitle: 'Attivazione del conto di prova',
    account: (id: string, status: string) => `Il conto <code>${id}</code> è <strong>${status}</strong>.`,
    complete: "Completa l'attivazione",
    restrict: 'Limita il conto',
    confirmTitle: 'Autenticazione della carta di prova',
    charge: (ref: string, status: string) =>
      `La tua banca chiede di confermare il pagamento con carta <code>${ref}</code>: è <strong>${status}</strong>.`,
    confirm: 'Conferma il pagamento',
    fail: "Fai fallire l'autenticazione",
  },
} satisfies Record<Language, unknown>;

// Readable on a phone: the app's type and spacing, buttons a thumb can hit, one under the other.
const style = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.25rem}code{word-break:break-all}
form{display:flex;flex-direction:column;gap:.75rem;margin:1.5rem 0}
button{min-height:48px;font:inherit;font-weight:600;border-radius:.75rem;border:1px solid #0f766e;background:#0f766e;color:#fff}
button+button{background:#fff;color:#0f766e}a{color:#0f766e}`;

/** A plain page that says it is the sandbox, with one form of buttons posting to itself. */
function sandboxPage(
  language: Language,
  page: { title: string; text: string; action: string; csrf: string; buttons: string; back: string },
) {
  const w = words[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title><style>${style}</style></head>
<body><main><h1>${w.provider}</h1>
<p>${w.sandbox} ${page.text}</p>
<form method="post" action="${escapeHtml(page.action)}"><input type="hidden" name="_csrf" value="${escapeHtml(page.csrf)}">
${page.buttons}</form>
<p><a href="${escapeHtml(page.back)}">${w.back}</a></p></main></body></html>`;
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
        const w = words[request.language];
        reply.type('text/html; charset=utf-8');
        return sandboxPage(request.language, {
          title: w.onboardingTitle,
          text: w.account(escapeHtml(request.params.accountId), escapeHtml(status ?? 'unknown')),
          action: request.url,
          csrf: await reply.generateCsrf(),
          buttons: `<button name="action" value="complete">${w.complete}</button>
<button name="action" value="restrict">${w.restrict}</button>`,
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
        const w = words[request.language];
        reply.type('text/html; charset=utf-8');
        return sandboxPage(request.language, {
          title: w.confirmTitle,
          text: w.charge(escapeHtml(request.params.ref), escapeHtml(status)),
          action: request.url,
          csrf: await reply.generateCsrf(),
          buttons:
            status === 'requires_action'
              ? `<button name="action" value="confirm">${w.confirm}</button>
<button name="action" value="fail">${w.fail}</button>`
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
