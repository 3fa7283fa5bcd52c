import { billingAddressSchema, okSchema, paymentPreferencesSchema } from '@giro/contract/common';
import { findPaymentPreferences } from '../db/payment-preferences.repository';
import { updateBillingAddress } from '../use-cases/payment-preferences';
import { type Routes, typed } from './route-kit';

const tags = ['account'];
const ok = { ok: true as const };

/** How the member last paid, prefilled in the next payment; the address edited or removed in Account. */
export const paymentPreferencesRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/user/payment-preferences',
    { schema: { tags, response: { 200: paymentPreferencesSchema } } },
    async (request) => findPaymentPreferences(deps.db, (await request.requireUser()).id),
  );

  r.put(
    '/api/user/billing-address',
    { schema: { tags, body: billingAddressSchema, response: { 200: okSchema } } },
    async (request) => {
      await updateBillingAddress(deps, (await request.requireUser()).id, request.body);
      return ok;
    },
  );

  r.delete(
    '/api/user/billing-address',
    { schema: { tags, response: { 200: okSchema } } },
    async (request) => {
      await updateBillingAddress(deps, (await request.requireUser()).id, null);
      return ok;
    },
  );
};
