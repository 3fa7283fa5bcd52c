import { debtParamsSchema, debtsSchema, debtViewSchema, settleDebtBodySchema } from '@giro/contract/debts';
import { AppError } from '../errors';
import { listDebts } from '../use-cases/debts/list-debts';
import { confirmDebtRepayment, declareManualRepayment } from '../use-cases/debts/repay-debt';
import { idempotencyHeaders, idempotentRequest } from './idempotent-request';
import { type Routes, typed } from './route-kit';

const tags = ['debts'];

/** Debts between members (api.md, Second wave): list, settle (the debtor), confirm (the creditor). */
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
      if (request.body.method !== 'manual') throw new AppError('DEBT_METHOD_UNAVAILABLE');
      return declareManualRepayment(
        deps,
        user,
        request.params.id,
        idempotentRequest(request, 'debts/settle'),
      );
    },
  );

  r.post(
    '/api/debts/:id/confirm',
    {
      schema: {
        tags,
        params: debtParamsSchema,
        headers: idempotencyHeaders,
        response: { 200: debtViewSchema },
      },
    },
    async (request) =>
      confirmDebtRepayment(
        deps,
        await request.requireUser(),
        request.params.id,
        idempotentRequest(request, 'debts/confirm'),
      ),
  );
};
