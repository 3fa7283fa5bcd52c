import {
  fundIdParamsSchema,
  fundViewSchema,
  swapCreatedSchema,
  swapParamsSchema,
  swapRequestBodySchema,
} from '@giro/contract/fund';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import { runFundCommand } from '../use-cases/fund/run-fund-command';
import { requestSwap } from '../use-cases/fund/swap-turns';
import { idempotencyHeaders, idempotentRequest } from './idempotent-request';
import { type Routes, typed } from './route-kit';

const tags = ['rotating-fund'];

/** Swapping turns (api.md, Second wave): ask, accept, decline, withdraw. Each is one fund command. */
export const swapRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.post(
    '/api/rotating-fund/:id/swaps',
    {
      schema: {
        tags,
        params: fundIdParamsSchema,
        headers: idempotencyHeaders,
        body: swapRequestBodySchema,
        response: { 200: swapCreatedSchema },
      },
    },
    async (request) =>
      requestSwap(deps, await request.requireUser(), request.params.id, request.body.withMemberId, {
        idempotency: idempotentRequest(request, 'swaps'),
      }),
  );

  const answer = (
    method: 'post' | 'delete',
    suffix: string,
    type: 'AcceptSwap' | 'DeclineSwap' | 'WithdrawSwap',
  ) =>
    r[method](
      `/api/rotating-fund/:id/swaps/:swapId${suffix}`,
      {
        schema: {
          tags,
          params: swapParamsSchema,
          headers: idempotencyHeaders,
          response: { 200: fundViewSchema },
        },
      },
      async (request) => {
        const user = await request.requireUser();
        const command: FundCommand = { type, userId: user.id, swapId: request.params.swapId };
        return runFundCommand(deps, user, request.params.id, command, {
          idempotency: idempotentRequest(request, `swaps${suffix || '/withdraw'}`),
        });
      },
    );
  answer('post', '/accept', 'AcceptSwap');
  answer('post', '/decline', 'DeclineSwap');
  answer('delete', '', 'WithdrawSwap');
};
