import { debtParamsSchema, debtsSchema, debtViewSchema, settleDebtBodySchema } from '@giro/contract/debts';
import { AppError } from '../errors';
import { listDebts } from '../use-cases/debts/list-debts';
import {
  confirmDebtRepayment,
  declareManualRepayment,
  refuseDebtRepayment,
} from '../use-cases/debts/repay-debt';
import { repayDebtByPlatform } from '../use-cases/debts/repay-debt-by-platform';
import { idempotencyHeaders, idempotentRequest } from './idempotent-request';
import { type Routes, typed } from './route-kit';

const tags = ['debts'];

/**
 * Debts between members (api.md, Second wave): list, settle (the debtor), confirm (the creditor),
 * and not-received (the creditor, of a declared repayment that never came; beyond api.md).
 */
export const debtRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get('/api/debts', { schema: { tags, response: { 200: debtsSchema } } }, async (request) =>
    listDebts(deps, await request.requireUser()),
  );

  r.post(
    '/api/debts/:id/settle',
    {
      schema: {
        tags,
        params: debtParamsSchema,
        headers: idempotencyHeaders,
        body: settleDebtBodySchema,
        response: { 200: debtViewSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const body = request.body;
      const idempotency = idempotentRequest(request, 'debts/settle');
      if (body.method === 'manual') return declareManualRepayment(deps, user, request.params.id, idempotency);
      // Paying needs a verified email and, by card, a card and a whole billing address (as a contribution).
      if (!user.emailVerifiedAt) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
      if (body.method === 'card') {
        if (!body.paymentMethodId) throw new AppError('PAYMENT_METHOD_REQUIRED');
        if (!body.billingAddress) throw new AppError('BILLING_ADDRESS_INCOMPLETE');
      }
      return repayDebtByPlatform(
        deps,
        user,
        request.params.id,
        { method: body.method, paymentMethodId: body.paymentMethodId ?? null },
        idempotency,
      );
    },
  );

  // The creditor's two answers to a repayment: got it (settled), or it never came.
  for (const [path, step] of [
    ['confirm', confirmDebtRepayment],
    ['not-received', refuseDebtRepayment],
  ] as const) {
    r.post(
      `/api/debts/:id/${path}`,
      {
        schema: {
          tags,
          params: debtParamsSchema,
          headers: idempotencyHeaders,
          response: { 200: debtViewSchema },
        },
      },
      async (request) =>
        step(
          deps,
          await request.requireUser(),
          request.params.id,
          idempotentRequest(request, `debts/${path}`),
        ),
    );
  }
};
