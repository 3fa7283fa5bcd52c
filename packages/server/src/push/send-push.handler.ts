import { lookup } from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import webPush from 'web-push';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import type { OutboxHandler } from '../jobs/outbox-worker';
import { type HeldCall, heldCallStillOpen } from '../notifications/held-call';
import { isAllowedPushEndpoint } from './endpoint-policy';
import type { PushMessage } from './enqueue-push';
import { isPrivateAddress } from './private-address';
import type { VapidKeys } from './vapid';

const TIMEOUT_MS = 10_000;

/** A push service's answer that a retry may fix: throttled, or its own failure. */
class PushServiceBusy extends Error {
  override name = 'PushServiceBusy';
}

/**
 * Sends one outbox row's push (issue 14): signed with the VAPID keys and encrypted for the
 * browser (aes128gcm) by `web-push`, posted by us so that no redirect is followed and the
 * address is checked once more, now resolved: a push service's host that resolves to a private
 * or loopback address is refused unless its origin is listed. 404 and 410 mean the browser
 * unsubscribed: the row goes. 429 and 5xx are thrown: the outbox retries with backoff.
 */
export function sendPushHandler(
  db: Db,
  vapid: VapidKeys,
  extraOrigins: readonly string[],
  logger: Logger,
): OutboxHandler {
  return async (row) => {
    const { subscriptionId, userId, message, call } = row.payload as {
      subscriptionId: string;
      /** Whom it was composed for; absent from the rows of releases before stop 69. */
      userId?: string;
      message: PushMessage;
      /** The fund's call to act it is, if one (notifications/held-call.ts). */
      call?: HeldCall;
    };
    const [subscription] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, subscriptionId));
    if (!subscription) return; // unsubscribed since
    // The browser moved to another member since (a shared phone: whoever turns pushes on there
    // last has it): what was written for the one before is not theirs to read.
    if (userId !== undefined && subscription.userId !== userId) return;
    // Answered while it waited (quiet hours, a backlog): "time to contribute" after paying is not sent.
    if (call && !(await heldCallStillOpen(db, call))) return;
    const url = new URL(subscription.endpoint);
    const listed = extraOrigins.includes(url.origin);
    if (
      !isAllowedPushEndpoint(subscription.endpoint, extraOrigins) ||
      (!listed && (await resolvesPrivately(url)))
    ) {
      logger.warn({ subscriptionId, host: url.host }, 'push endpoint refused; subscription removed');
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      return;
    }
    const request = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify({
        title: message.title,
        body: message.body,
        url: message.url,
        tag: message.tag,
        lang: message.lang,
      }),
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: message.ttlSeconds,
        urgency: message.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? null,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (answer.status === 404 || answer.status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      return;
    }
    if (answer.status === 429 || answer.status >= 500)
      throw new PushServiceBusy(`push service answered ${answer.status}`);
    if (answer.status >= 300)
      logger.warn({ subscriptionId, status: answer.status }, 'push refused by the push service; not retried');
  };
}

async function resolvesPrivately(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.some(({ address }) => isPrivateAddress(address));
  } catch {
    throw new PushServiceBusy(`could not resolve ${host}`);
  }
}
