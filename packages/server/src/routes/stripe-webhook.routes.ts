import { z } from 'zod';
import { firstDelivery, forgetDelivery } from '../db/webhook-event.repository';
import { AppError } from '../errors';
import { LiveProvider } from '../payments/live.provider';
import { StripeProvider } from '../payments/stripe.provider';
import { resumeAwaitingCharge } from '../use-cases/payments/awaiting-charges';
import { recordAccountStatus } from '../use-cases/payout-account/record-account-status';
import type { Routes } from './route-kit';

const WAKES_CHARGE = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
]);

/**
 * POST /api/webhooks/stripe (PAYMENTS=live): the signature is checked by the SDK on the raw
 * body; each event id is handled once; only the ids in the payload are trusted, and the
 * current object is fetched from the provider, so duplicate and out-of-order deliveries agree.
 */
export const stripeWebhookRoutes: Routes = (app, deps) => {
  const { payments } = deps.config;
  const live = deps.payments;
  const stripe = live instanceof LiveProvider ? live.stripe : live;
  if (!(stripe instanceof StripeProvider) || payments.mode !== 'live') return;
  const secret = payments.stripe.webhookSecret;

  app.register(async (scope) => {
    // The signature covers the exact bytes: keep them, here only.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/webhooks/stripe',
      { schema: { hide: true, headers: z.object({ 'stripe-signature': z.string().min(1).max(2000) }) } },
      async (request) => {
        let event: ReturnType<StripeProvider['verifyWebhook']>;
        try {
          event = stripe.verifyWebhook(
            request.body as Buffer,
            request.headers['stripe-signature'] as string,
            secret,
          );
        } catch {
          throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        }
        if (!(await firstDelivery(deps.db, 'stripe', event.id, event.type)))
          return { received: true, duplicate: true };
        try {
          // The payer confirmed (or failed) 3-D Secure: the waiting charge looks at its intent again.
          if (WAKES_CHARGE.has(event.type))
            await resumeAwaitingCharge(deps, (event.data.object as { id: string }).id);
          if (event.type === 'account.updated') {
            const accountId = (event.data.object as { id: string }).id;
            const status = await stripe.accountStatus(accountId);
            if (status) await recordAccountStatus(deps, accountId, status);
          }
        } catch (error) {
          // Not handled (Stripe or the database did not answer): Stripe delivers it again after
          // our 500, and that delivery must not be taken for a duplicate. Both effects read the
          // provider afresh, so handling an event twice changes nothing.
          await forgetDelivery(deps.db, 'stripe', event.id);
          throw error;
        }
        return { received: true };
      },
    );
  });
};
