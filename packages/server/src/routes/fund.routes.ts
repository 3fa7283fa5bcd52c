import { randomBytes, randomUUID } from 'node:crypto';
import {
  amountVoteBodySchema,
  confirmationVoteBodySchema,
  contributeBodySchema,
  contributionParamsSchema,
  contributionsSchema,
  emergencyParamsSchema,
  emergencyVoteBodySchema,
  emergencyVotesSchema,
  fundIdParamsSchema,
  fundViewSchema,
  historySchema,
  monthlyContributionsSchema,
  riskSchema,
  withdrawalDateVoteBodySchema,
} from '@giro/contract/fund';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';
import { contributeByPaypal } from '../use-cases/fund/contribute-by-paypal';
import {
  getFund,
  getFundHistory,
  getFundRisk,
  getFundState,
  getMyContributions,
} from '../use-cases/fund/get-fund';
import { runFundCommand } from '../use-cases/fund/run-fund-command';
import { startFundCycle } from '../use-cases/fund/start-fund-cycle';
import { emergencyViews, historyView, roundContributionViews } from '../views/fund.view';
import { idempotencyHeaders, idempotentRequest } from './idempotent-request';
import { type Routes, typed } from './route-kit';

const tags = ['rotating-fund'];

/** The SPEC §7 refresh endpoints: each answers the fund view, so the browser has one shape. */
const viewPaths = [
  'voting-state',
  'contribution-state',
  'contribution-deadlines',
  'summary',
  'withdrawal-date-voting',
];

export const fundRoutes: Routes = (app, deps) => {
  const r = typed(app);
  const params = fundIdParamsSchema;

  /** A command on the caller's fund, by a route: parse, build the command, run it in one transaction. */
  const command = <B extends z.ZodType>(
    path: string,
    body: B | undefined,
    build: (userId: string, body: z.infer<B>, request: FastifyRequest) => FundCommand,
  ) =>
    r.post(
      `/api/rotating-fund/:id/${path}`,
      {
        schema: {
          tags,
          params: path.includes(':cid')
            ? contributionParamsSchema
            : path.includes(':vid')
              ? emergencyParamsSchema
              : params,
          headers: idempotencyHeaders,
          ...(body ? { body } : {}),
          response: { 200: fundViewSchema },
        },
      },
      async (request) => {
        const user = await request.requireUser();
        return runFundCommand(
          deps,
          user,
          (request.params as { id: string }).id,
          build(user.id, request.body as z.infer<B>, request),
          { idempotency: idempotentRequest(request, path) },
        );
      },
    );

  r.get('/api/rotating-fund', { schema: { tags, response: { 200: fundViewSchema } } }, async (request) =>
    getFund(deps, await request.requireUser()),
  );

  r.post('/api/rotating-fund', { schema: { tags, response: { 200: fundViewSchema } } }, async (request) =>
    startFundCycle(deps, await request.requireUser()),
  );

  for (const path of viewPaths) {
    r.get(
      `/api/rotating-fund/:id/${path}`,
      { schema: { tags, params, response: { 200: fundViewSchema } } },
      async (request) => getFund(deps, await request.requireUser(), request.params.id),
    );
  }

  r.get(
    '/api/rotating-fund/:id/monthly-contributions',
    { schema: { tags, params, response: { 200: contributionsSchema } } },
    async (request) => ({
      contributions: roundContributionViews(
        await getFundState(deps, await request.requireUser(), request.params.id),
      ),
    }),
  );

  r.get(
    '/api/rotating-fund/:id/history',
    { schema: { tags, params, response: { 200: historySchema } } },
    async (request) =>
      historyView(await getFundHistory(deps, await request.requireUser(), request.params.id)),
  );

  r.get(
    '/api/rotating-fund/:id/risk',
    { schema: { tags, params, response: { 200: riskSchema } } },
    async (request) => getFundRisk(deps, await request.requireUser(), request.params.id),
  );

  r.get(
    '/api/rotating-fund/:id/emergency-votes',
    { schema: { tags, params, response: { 200: emergencyVotesSchema } } },
    async (request) =>
      emergencyViews(await getFundState(deps, await request.requireUser(), request.params.id)),
  );

  r.get(
    '/api/monthly-contributions',
    { schema: { tags, response: { 200: monthlyContributionsSchema } } },
    async (request) => ({
      contributions: await getMyContributions(deps, await request.requireUser()),
    }),
  );

  command('votes/amount', amountVoteBodySchema, (userId, body) => ({
    type: 'VoteAmount',
    userId,
    amountCents: body.amountCents,
  }));
  command('votes/confirmation', confirmationVoteBodySchema, (userId, body) =>
    body.accept
      ? { type: 'VoteConfirmation', userId, accept: true }
      : { type: 'VoteConfirmation', userId, accept: false, reason: body.reason },
  );
  command('dismissal/acknowledge', undefined, (userId) => ({ type: 'AcknowledgeDismissal', userId }));
  // A restart after the draw reopens voting under a fresh commitment: the server's new secret.
  command('votes/restart', undefined, (userId) => ({
    type: 'VoteRestart',
    userId,
    nonce: randomBytes(32).toString('hex'),
  }));
  command('votes/withdrawal-date', withdrawalDateVoteBodySchema, (userId, body) => ({
    type: 'VoteWithdrawalDate',
    userId,
    option: body.option,
  }));
  command('contributions/:cid/confirm-receipt', undefined, (userId, _body, request) => ({
    type: 'ConfirmReceipt',
    userId,
    contributionId: (request.params as { cid: string }).cid,
  }));
  // Beyond api.md, as for debts: the recipient says a payment declared by hand never came.
  command('contributions/:cid/not-received', undefined, (userId, _body, request) => ({
    type: 'RefuseReceipt',
    userId,
    contributionId: (request.params as { cid: string }).cid,
  }));
  // Beyond api.md: the one who declared a payment by hand takes it back before it is answered.
  command('contributions/:cid/cancel', undefined, (userId, _body, request) => ({
    type: 'CancelDeclaration',
    userId,
    contributionId: (request.params as { cid: string }).cid,
  }));
  command('contributions/:cid/refund', undefined, (userId, _body, request) => ({
    type: 'RequestRefund',
    userId,
    contributionId: (request.params as { cid: string }).cid,
  }));
  command('withdraw', undefined, (userId) => ({ type: 'Withdraw', userId }));
  command('emergency-votes/:vid', emergencyVoteBodySchema, (userId, body, request) => ({
    type: 'VoteEmergency',
    userId,
    voteId: (request.params as { vid: string }).vid,
    choice: body.choice,
  }));

  r.post(
    '/api/rotating-fund/:id/contributions',
    {
      schema: {
        tags,
        params,
        headers: idempotencyHeaders,
        body: contributeBodySchema,
        response: { 200: fundViewSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const body = request.body;
      // Paying needs a verified email (domain.md, Money); receiving needs a payout account, not paying.
      if (!user.emailVerifiedAt) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
      if (body.method === 'card') {
        if (!body.paymentMethodId) throw new AppError('PAYMENT_METHOD_REQUIRED');
        if (!body.billingAddress) throw new AppError('BILLING_ADDRESS_INCOMPLETE');
      }
      const run = {
        idempotency: idempotentRequest(request, 'contributions'),
        paymentMethodId: body.paymentMethodId ?? null,
        acceptedPayment: { method: body.method, billingAddress: body.billingAddress },
      };
      // PayPal money is captured first, then recorded; a card is held and a manual payment declared at once.
      // Either way the method is remembered in the same transaction (acceptedPayment).
      const view =
        body.method === 'paypal'
          ? await contributeByPaypal(
              deps,
              user,
              request.params.id,
              body.paymentMethodId ?? null,
              run,
              body.onBehalfOf,
            )
          : await runFundCommand(
              deps,
              user,
              request.params.id,
              {
                type: 'Contribute',
                userId: user.id,
                contributionId: randomUUID(),
                method: body.method,
                ...(body.onBehalfOf ? { onBehalfOf: body.onBehalfOf } : {}),
              },
              run,
            );
      return view;
    },
  );
};
