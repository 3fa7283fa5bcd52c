import { z } from 'zod';
import { firstDelivery, seenDelivery } from '../db/webhook-event.repository';
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
        if (await seenDelivery(deps.db, 'stripe', event.id)) return { received: true, duplicate: true };
        // Handled, then recorded as seen: an event whose handling failed (Stripe or the database
        // did not answer, or the process died) is handled again when Stripe delivers it again
        // after our 500, never taken for a duplicate. Both effects read the provider afresh, so
        // a duplicate delivered meanwhile and handled too changes nothing.
        // The payer confirmed (or failed) 3-D Secure: the waiting charge looks at its intent again.
        if (WAKES_CHARGE.has(event.type))
          await resumeAwaitingCharge(deps, (event.data.object as { id: string }).id);
        if (event.type === 'account.updated') {
          const accountId = (event.data.object as { id: string }).id;
          const status = await stripe.accountStatus(accountId);
          if (status) await recordAccountStatus(deps, accountId, status);
        }
        const first = await firstDelivery(deps.db, 'stripe', event.id, event.type);
        return first ? { received: true } : { received: true, duplicate: true };
      },
    );
  });
};
