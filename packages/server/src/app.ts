import { existsSync } from 'node:fs';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { SessionCache } from './db/session-cache';
import type { Deps } from './deps';
import type { ReadinessSources } from './monitoring/readiness';
import { newRequestId } from './monitoring/request-id';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { conditionalGetPlugin } from './plugins/conditional-get';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin, notFoundHandler } from './plugins/errors';
import { serializingFrozenOnce } from './plugins/frozen-answers';
import { languagePlugin } from './plugins/language';
import { openapiPlugin } from './plugins/openapi';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { textInputPlugin } from './plugins/text-input';
import { inlineScriptSources, spaNotFoundHandler, webAppPlugin } from './plugins/web-app';
import { accountRoutes } from './routes/account.routes';
import { adminRoutes } from './routes/admin.routes';
import { adminInsightsRoutes } from './routes/admin-insights.routes';
import { apiMonitoringRoutes } from './routes/api-monitoring.routes';
import { authRoutes } from './routes/auth.routes';
import { debtRoutes } from './routes/debt.routes';
import { emailAdminRoutes } from './routes/email-admin.routes';
import { exportRoutes } from './routes/export.routes';
import { fundRoutes } from './routes/fund.routes';
import { healthRoutes } from './routes/health.routes';
import { notificationRoutes } from './routes/notification.routes';
import { notificationPreferencesRoutes } from './routes/notification-preferences.routes';
import { organizationRoutes } from './routes/organization.routes';
import { passkeyRoutes } from './routes/passkey.routes';
import { paymentPreferencesRoutes } from './routes/payment-preferences.routes';
import { payoutAccountRoutes } from './routes/payout-account.routes';
import { pushRoutes } from './routes/push.routes';
import { requestRoutes } from './routes/request.routes';
import { sandboxPagesRoutes } from './routes/sandbox-pages.routes';
import { sessionRoutes } from './routes/session.routes';
import { socketRoutes } from './routes/socket.routes';
import { statisticsRoutes } from './routes/statistics.routes';
import { stripeWebhookRoutes } from './routes/stripe-webhook.routes';
import { swapRoutes } from './routes/swap.routes';
import { testClockRoutes } from './routes/test-clock.routes';
import { noteSignIn } from './use-cases/security-events';

export interface AppOptions {
  deps: Deps;
  /** Signs the session and CSRF cookies; at least 32 characters. */
  sessionSecret: string;
  /** The built web app to serve; omitted in API-only tests. */
  webRoot?: string;
  /** What /readyz reads besides the database: the workers and whether a shutdown began. */
  readiness?: Pick<ReadinessSources, 'workers' | 'stopping'>;
  /** Signed-in sessions in memory (db/session-cache.ts); without it every request reads them. */
  sessionCache?: SessionCache;
}

/** The whole HTTP application, without listening: server.ts listens, tests use inject(). */
export async function buildApp({
  deps,
  sessionSecret,
  webRoot,
  readiness,
  sessionCache,
}: AppOptions): Promise<FastifyInstance> {
  const secure = deps.config.publicUrl.startsWith('https://');
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // The proxies named, not `true`: the address is then one a proxy wrote, never one a client
    // wrote into X-Forwarded-For (config/env.ts).
    trustProxy: secure ? deps.config.trustedProxies : false,
    genReqId: newRequestId,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializingFrozenOnce(serializerCompiler));

  await app.register(errorsPlugin);
  await app.register(textInputPlugin);
  await app.register(conditionalGetPlugin);
  // Before every route: its onRoute hook gives each route (the static files too) compression.
  await app.register(compressionPlugin);
  await app.register(languagePlugin);
  const webApp = webRoot && existsSync(webRoot) ? webRoot : null;
  await app.register(securityPlugin, {
    secure,
    cardElements: deps.config.payments.mode === 'live',
    inlineScripts: webApp ? inlineScriptSources(webApp) : [],
    rateLimitStore: databaseRateLimitStore(deps.db, deps.clock, deps.logger),
  });
  await app.register(openapiPlugin);
  await app.register(sessionPlugin, {
    db: deps.db,
    cache: sessionCache,
    secret: sessionSecret,
    secure,
    onSignIn: (event) => noteSignIn(deps, event),
  });
  await app.register(csrfPlugin, { secure });
  await app.register(authPlugin);
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });

  for (const routes of [
    apiMonitoringRoutes,
    authRoutes,
    accountRoutes,
    exportRoutes,
    passkeyRoutes,
    sessionRoutes,
    organizationRoutes,
    adminRoutes,
    adminInsightsRoutes,
    statisticsRoutes,
    emailAdminRoutes,
    fundRoutes,
    swapRoutes,
    debtRoutes,
    requestRoutes,
    notificationRoutes,
    testClockRoutes,
    socketRoutes,
    payoutAccountRoutes,
    paymentPreferencesRoutes,
    pushRoutes,
    notificationPreferencesRoutes,
    sandboxPagesRoutes,
    stripeWebhookRoutes,
  ])
    routes(app, deps);
  if (readiness) healthRoutes(app, { ...readiness, db: deps.db, now: () => deps.clock.now() });

  if (webApp) {
    await app.register(webAppPlugin, { root: webApp });
    app.setNotFoundHandler(spaNotFoundHandler);
  } else {
    if (webRoot) deps.logger.warn(`web app not built: ${webRoot} is missing`);
    app.setNotFoundHandler(notFoundHandler);
  }
  return app as unknown as FastifyInstance;
}
