import {
  onboardingLinkSchema,
  paymentConfirmationsSchema,
  payoutAccountSchema,
  sandboxTestPaymentSchema,
} from '@giro/contract/payout-account';
import { z } from 'zod';
import { makeSandboxTestPayment } from '../use-cases/make-sandbox-test-payment';
import { listPaymentConfirmations } from '../use-cases/payments/awaiting-charges';
import { createPayoutAccount } from '../use-cases/payout-account/create-payout-account';
import { getPayoutAccount } from '../use-cases/payout-account/get-payout-account';
import { newOnboardingLink } from '../use-cases/payout-account/onboarding-link';
import {
  deletePayoutAccount,
  reconnectPayoutAccount,
  unlinkPayoutAccount,
} from '../use-cases/payout-account/unlink-payout-account';
import { limit, type Routes, typed } from './route-kit';

const tags = ['payments'];

/** The connected payment account panel (SPEC §2, §4; api.md, Payments). */
export const payoutAccountRoutes: Routes = (app, deps) => {
  const r = typed(app);
  const account = { schema: { tags, response: { 200: payoutAccountSchema } } };
  const link = {
    schema: { tags, response: { 200: onboardingLinkSchema } },
    config: limit(deps, 20, '10 minutes', true),
  };

  r.get('/api/connect/account', account, async (request) =>
    getPayoutAccount(deps, await request.requireUser()),
  );
  r.post('/api/connect/account', link, async (request) =>
    createPayoutAccount(deps, await request.requireUser()),
  );
  r.post('/api/connect/account/onboarding-link', link, async (request) =>
    newOnboardingLink(deps, await request.requireUser()),
  );
  r.post('/api/connect/account/unlink', account, async (request) =>
    unlinkPayoutAccount(deps, await request.requireUser()),
  );
  r.post('/api/connect/account/reconnect', account, async (request) =>
    reconnectPayoutAccount(deps, await request.requireUser()),
  );
  r.delete('/api/connect/account', account, async (request) =>
    deletePayoutAccount(deps, await request.requireUser()),
  );

  r.post(
    '/api/payments/sandbox-test',
    {
      schema: {
        tags,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(200) }),
        response: { 200: sandboxTestPaymentSchema },
      },
      config: limit(deps, 10, '10 minutes', true),
    },
    async (request) =>
      makeSandboxTestPayment(deps, await request.requireUser(), request.headers['idempotency-key']),
  );

  r.get(
    '/api/payments/confirmations',
    { schema: { tags, response: { 200: paymentConfirmationsSchema } } },
    async (request) => listPaymentConfirmations(deps, (await request.requireUser()).id),
  );
};
