import { randomUUID } from 'node:crypto';
import {
  createRequestBodySchema,
  editRequestBodySchema,
  payoutsOwedSchema,
  requestContributeBodySchema,
  requestDetailsSchema,
  requestIdParamsSchema,
  requestsOverviewSchema,
} from '@giro/contract/requests';
import { AppError } from '../errors';
import { rememberAcceptedPayment } from '../use-cases/payment-preferences';
import { contributeToRequestByPaypal } from '../use-cases/requests/contribute-to-request-by-paypal';
import { getRequest, getRequests } from '../use-cases/requests/get-requests';
import { payoutsOwed } from '../use-cases/requests/payouts-owed';
import { retryRequestPayout } from '../use-cases/requests/retry-request-payout';
import { runRequestCommand } from '../use-cases/requests/run-request-command';
import { idempotencyHeaders, idempotentRequest } from './idempotent-request';
import { type Routes, typed } from './route-kit';

const tags = ['requests'];
const params = requestIdParamsSchema;
const response = { 200: requestDetailsSchema };

/** Funding requests (api.md): thin routes over one transaction per command. */
export const requestRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get('/api/requests', { schema: { tags, response: { 200: requestsOverviewSchema } } }, async (request) =>
    getRequests(deps, await request.requireUser()),
  );

  r.get(
    '/api/requests/payouts-owed',
    { schema: { tags, response: { 200: payoutsOwedSchema } } },
    async (request) => payoutsOwed(deps, await request.requireUser()),
  );

  r.get('/api/requests/:id', { schema: { tags, params, response } }, async (request) =>
    getRequest(deps, await request.requireUser(), request.params.id),
  );

  r.post('/api/requests', { schema: { tags, body: createRequestBodySchema, response } }, async (request) => {
    const user = await request.requireUser();
    const body = request.body;
    return runRequestCommand(
      deps,
      user,
      {
        type: 'CreateRequest',
        requestId: randomUUID(),
        ownerId: user.id,
        title: body.title,
        description: body.description,
        targetCents: body.targetAmountCents,
      },
      {},
    );
  });

  r.patch(
    '/api/requests/:id',
    { schema: { tags, params, body: editRequestBodySchema, response } },
    async (request) => {
      const user = await request.requireUser();
      const { title, description, targetAmountCents } = request.body;
      return runRequestCommand(
        deps,
        user,
        {
          type: 'EditRequest',
          requestId: request.params.id,
          userId: user.id,
          ...(title === undefined ? {} : { title }),
          ...(description === undefined ? {} : { description }),
          ...(targetAmountCents === undefined ? {} : { targetCents: targetAmountCents }),
        },
        {},
      );
    },
  );

  for (const action of ['cancel', 'conclude'] as const) {
    r.post(`/api/requests/:id/${action}`, { schema: { tags, params, response } }, async (request) => {
      const user = await request.requireUser();
      const type = action === 'cancel' ? 'CancelRequest' : 'ConcludeRequest';
      return runRequestCommand(deps, user, { type, requestId: request.params.id, userId: user.id }, {});
    });
  }

  // A failed payout's money waits; the owner asks again once it can go.
  r.post('/api/requests/:id/retry-payout', { schema: { tags, params, response } }, async (request) =>
    retryRequestPayout(deps, await request.requireUser(), request.params.id),
  );

  r.post(
    '/api/requests/:id/contributions',
    { schema: { tags, params, headers: idempotencyHeaders, body: requestContributeBodySchema, response } },
    async (request) => {
      const user = await request.requireUser();
      const body = request.body;
      // Paying needs a verified email (domain.md, Money); a card needs its method and address.
      if (!user.emailVerifiedAt) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
      if (body.method === 'card') {
        if (!body.paymentMethodId) throw new AppError('PAYMENT_METHOD_REQUIRED');
        if (!body.billingAddress) throw new AppError('BILLING_ADDRESS_INCOMPLETE');
      }
      const command = {
        type: 'ContributeToRequest',
        requestId: request.params.id,
        userId: user.id,
        contributionId: randomUUID(),
        amountCents: body.amountCents,
        method: body.method,
        ...(body.message ? { message: body.message } : {}),
      } as const;
      const options = {
        idempotency: idempotentRequest(request, 'requests/contributions'),
        paymentMethodId: body.paymentMethodId ?? null,
      };
      // PayPal is captured first and recorded after (the answer shows the request before it).
      const view =
        body.method === 'paypal'
          ? await contributeToRequestByPaypal(deps, user, command, options)
          : await runRequestCommand(deps, user, command, options);
      await rememberAcceptedPayment(deps, user.id, body);
      return view;
    },
  );
};
