import {
  adminOverviewSchema,
  fundMetricsSchema,
  inviteTrackingQuerySchema,
  inviteTrackingSchema,
  periodQuerySchema,
  platformStatisticsSchema,
  reconciliationSchema,
  revokedTesterInviteSchema,
} from '@giro/contract/admin-insights';
import { z } from 'zod';
import { scheduleCounterFolding } from '../jobs/fold-insight-counters';
import { scheduleReconciliation } from '../jobs/schedule-reconciliation';
import { getAdminOverview } from '../use-cases/admin/get-admin-overview';
import { getFundMetrics } from '../use-cases/admin/get-fund-metrics';
import { getInviteTracking } from '../use-cases/admin/get-invite-tracking';
import { getPlatformStatistics } from '../use-cases/admin/get-platform-statistics';
import { getReconciliation, reconcilePayments } from '../use-cases/admin/reconcile-payments';
import { revokeTesterInvite } from '../use-cases/admin/revoke-tester-invite';
import { requireAdmin } from './admin.routes';
import { limit, type Routes, typed } from './route-kit';

const tags = ['admin'];

/**
 * The admin's insight pages: home figures, invite tracking, statistics, fund metrics (404 to
 * anyone else). They read the insight counters, whose deltas this instance folds every minute.
 * Reconciliation (the ledger against the payment provider) runs hourly and when an admin asks.
 */
export const adminInsightsRoutes: Routes = (app, deps) => {
  let stopFolding = async () => {};
  let stopReconciling = async () => {};
  app.addHook('onReady', async () => {
    stopFolding = scheduleCounterFolding(deps);
    stopReconciling = scheduleReconciliation(deps);
  });
  app.addHook('onClose', async () => {
    await stopFolding();
    await stopReconciling();
  });
  const r = typed(app);
  const admin = { onRequest: requireAdmin };

  r.get(
    '/api/admin/overview',
    { ...admin, schema: { tags, response: { 200: adminOverviewSchema } } },
    async () => getAdminOverview(deps),
  );

  r.get(
    '/api/admin/invite-tracking',
    {
      ...admin,
      schema: { tags, querystring: inviteTrackingQuerySchema, response: { 200: inviteTrackingSchema } },
    },
    async (request) => getInviteTracking(deps, request.query),
  );

  r.post(
    '/api/admin/tester-invites/:id/revoke',
    {
      ...admin,
      schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: revokedTesterInviteSchema } },
    },
    async (request) => revokeTesterInvite(deps, (await request.requireUser()).id, request.params.id),
  );

  r.get(
    '/api/admin/statistics',
    {
      ...admin,
      schema: { tags, querystring: periodQuerySchema, response: { 200: platformStatisticsSchema } },
    },
    async (request) => getPlatformStatistics(deps, request.query.days),
  );

  r.get(
    '/api/admin/fund-metrics',
    { ...admin, schema: { tags, response: { 200: fundMetricsSchema } } },
    async () => getFundMetrics(deps),
  );

  r.get(
    '/api/admin/reconciliation',
    { ...admin, schema: { tags, response: { 200: reconciliationSchema } } },
    async () => getReconciliation(deps),
  );

  // Reads every provider object: a few runs a minute are plenty.
  r.post(
    '/api/admin/reconciliation',
    {
      ...admin,
      config: limit(deps, 6, '1 minute'),
      schema: { tags, response: { 200: reconciliationSchema } },
    },
    async () => ({ last: await reconcilePayments(deps) }),
  );
};
