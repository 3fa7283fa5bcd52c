import {
  ApiError,
  type CapturedPayment,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type Money,
  OrdersController,
  PaymentsController,
  RefundStatus,
} from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter } from 'axios';
import { centsToDecimal, decimalToCents } from './money-text';
import type { ChargeState, PaymentResult } from './payment-provider';

const PAYPAL_HOSTS = /^https:\/\/api-m\.(sandbox\.)?paypal\.com/;

/** PayPal's API for the credentials' environment (the SDK's own hosts; Payouts is called directly). */
export const paypalApiBase = (environment: 'sandbox' | 'production') =>
  environment === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com';

/**
 * PayPal through its official server SDK: contributions captured at once (the browser's
 * approved order is captured here; the €10 test payment creates its own order), refunds of
 * captures, and payouts to a PayPal email (the Payouts API, which the SDK does not cover, with
 * the SDK's own token). The operation's id travels as PayPal-Request-Id / sender_batch_id, so a
 * retry repeats nothing. `apiBase` points the SDK at a local fake in tests.
 */
export class PayPalProvider {
  private readonly client: Client;
  private readonly orders: OrdersController;
  private readonly paymentsApi: PaymentsController;
  private readonly http: ReturnType<typeof axios.create>;

  constructor(
    private readonly options: {
      clientId: string;
      clientSecret: string;
      /** Sandbox unless told: real money only when production is asked for by name. */
      environment?: 'sandbox' | 'production';
      apiBase?: string | undefined;
      timeoutMs?: number;
    },
  ) {
    const adapter = rewritingAdapter(options.apiBase);
    this.client = new Client({
      clientCredentialsAuthCredentials: {
        oAuthClientId: options.clientId,
        oAuthClientSecret: options.clientSecret,
      },
      environment: options.environment === 'production' ? Environment.Production : Environment.Sandbox,
      timeout: options.timeoutMs ?? 20_000,
      ...(adapter ? { unstable_httpClientOptions: { adapter } } : {}),
    });
    this.orders = new OrdersController(this.client);
    this.paymentsApi = new PaymentsController(this.client);
    this.http = axios.create({
      baseURL: options.apiBase ?? paypalApiBase(options.environment ?? 'sandbox'),
      timeout: options.timeoutMs ?? 20_000,
    });
  }

  async charge(input: {
    idempotencyKey: string;
    amountCents: number;
    orderId: string | null;
  }): Promise<PaymentResult> {
    try {
      const orderId =
        input.orderId ??
        (
          await this.orders.createOrder({
            body: {
              intent: CheckoutPaymentIntent.Capture,
              purchaseUnits: [{ amount: { currencyCode: 'EUR', value: centsToDecimal(input.amountCents) } }],
            },
            paypalRequestId: `${input.idempotencyKey}:order`,
          })
        ).result.id;
      if (!orderId) return { ok: false, reason: 'provider_error' };
      const captured = await this.orders.captureOrder({ id: orderId, paypalRequestId: input.idempotencyKey });
      const capture = captured.result.purchaseUnits?.[0]?.payments?.captures?.[0];
      // The capture's own status says whether the money came, not the order's: a COMPLETED
      // order can hold a DECLINED capture, which took nothing. A PENDING one (not credited yet:
      // an eCheck, a review) counts, with its ref, as before: PayPal usually completes it, and
      // reconciliation compares it (captured 0 while pending) until it does or is declined.
      // Refused as declined, its money would come later with no record to count or refund it.
      const counted = [CaptureStatus.Completed, CaptureStatus.Pending] as string[];
      if (!capture?.id || !counted.includes(String(capture.status)))
        return { ok: false, reason: 'card_declined' };
      // The order is the browser's: it counts only for the amount this contribution is, in euros.
      // Any other is given back whole, and nothing is counted.
      const amount = capture.amount;
      if (amount?.currencyCode !== 'EUR' || decimalToCents(amount.value) !== input.amountCents) {
        await this.refundWrongAmount(capture.id, input.idempotencyKey);
        return { ok: false, reason: 'card_declined' };
      }
      return { ok: true, ref: capture.id };
    } catch (error) {
      return refusal(error);
    }
  }

  /**
   * Gives back a capture of the wrong amount, whole. Any failure is thrown as not an answer
   * (a plain Error), so the outbox asks again with the same keys: as a refusal it would read as
   * a declined payment and the money would stay with us unrecorded.
   */
  private async refundWrongAmount(captureId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.paymentsApi.refundCapturedPayment({
        captureId,
        paypalRequestId: `${idempotencyKey}:wrong-amount`,
      });
    } catch (error) {
      throw new Error(`refunding PayPal capture ${captureId} of the wrong amount failed`, { cause: error });
    }
  }

  async refund(input: { idempotencyKey: string; ref: string; amountCents: number }): Promise<PaymentResult> {
    try {
      const refund = await this.paymentsApi.refundCapturedPayment({
        captureId: input.ref,
        paypalRequestId: input.idempotencyKey,
        body: { amount: { currencyCode: 'EUR', value: centsToDecimal(input.amountCents) } },
      });
      return refund.result.id ? { ok: true, ref: refund.result.id } : { ok: false, reason: 'provider_error' };
    } catch (error) {
      return refusal(error);
    }
  }

  async payout(input: {
    idempotencyKey: string;
    email: string;
    amountCents: number;
  }): Promise<PaymentResult> {
    const token = await this.token();
    try {
      const response = await this.http.post(
        '/v1/payments/payouts',
        {
          sender_batch_header: { sender_batch_id: input.idempotencyKey, email_subject: 'Giro' },
          items: [
            {
              recipient_type: 'EMAIL',
              receiver: input.email,
              sender_item_id: input.idempotencyKey,
              amount: { currency: 'EUR', value: centsToDecimal(input.amountCents) },
            },
          ],
        },
        { headers: { authorization: `Bearer ${token}` } },
      );
      return { ok: true, ref: String(response.data?.batch_header?.payout_batch_id ?? input.idempotencyKey) };
    } catch (error) {
      if (axios.isAxiosError(error) && error.response && error.response.status < 500) {
        // Our batch id was already used: the first attempt went through (a retry after a lost
        // answer). PayPal links the original payout: its id is the ref reconciliation reads back
        // (our own batch id only when the link is missing: PayPal cannot look that one up).
        if (/sender_batch_id already exists/i.test(String(error.response.data?.message)))
          return { ok: true, ref: originalBatchId(error.response.data) ?? input.idempotencyKey };
        return { ok: false, reason: 'payout_failed' };
      }
      throw error;
    }
  }

  /**
   * Reconciliation: the capture (our charge's ref) as PayPal holds it now; null when PayPal does
   * not know the id (404). What counts as captured follows the capture's status:
   * - COMPLETED, PARTIALLY_REFUNDED, REFUNDED: the money reached us, its full amount is captured;
   * - PENDING: not captured (0). PayPal has not credited the funds yet (an eCheck, a review) and
   *   may still decline them: counting them would hide money we may never get; a later read
   *   finds COMPLETED (or DECLINED) once PayPal decides;
   * - DECLINED, FAILED: nothing was captured (0).
   * Refunded: REFUNDED means the whole amount went back; PARTIALLY_REFUNDED is summed from the
   * completed refunds that the capture's order lists (the capture object itself carries no refund
   * amounts); a refund still PENDING has not given anything back yet and is not counted.
   */
  async chargeState(ref: string): Promise<ChargeState | null> {
    let capture: CapturedPayment;
    try {
      capture = (await this.paymentsApi.getCapturedPayment({ captureId: ref })).result;
    } catch (error) {
      if (error instanceof ApiError && notFound(error.statusCode, error.result)) return null;
      throw error;
    }
    switch (capture.status) {
      case CaptureStatus.Completed:
        return { capturedCents: euroCents(capture.amount), refundedCents: 0 };
      case CaptureStatus.Refunded: {
        const amount = euroCents(capture.amount);
        return { capturedCents: amount, refundedCents: amount };
      }
      case CaptureStatus.PartiallyRefunded:
        return { capturedCents: euroCents(capture.amount), refundedCents: await this.refundedOf(capture) };
      case CaptureStatus.Pending:
      case CaptureStatus.Declined:
      case CaptureStatus.Failed:
        return { capturedCents: 0, refundedCents: 0 };
      default:
        throw new Error(`PayPal capture ${ref} in an unknown status ${String(capture.status)}`);
    }
  }

  /** The completed refunds of a capture, as its order lists them (Orders v2 `payments.refunds`). */
  private async refundedOf(capture: CapturedPayment): Promise<number> {
    const orderId =
      capture.supplementaryData?.relatedIds?.orderId ??
      /\/v2\/checkout\/orders\/([^/?]+)$/.exec(linkOf(capture.links, 'up') ?? '')?.[1];
    // Better no answer (the reconciliation tries again) than a made-up refunded amount.
    if (!orderId) throw new Error(`PayPal capture ${capture.id} names no order to read its refunds from`);
    const order = (await this.orders.getOrder({ id: orderId })).result;
    const payments = (order.purchaseUnits ?? []).map((unit) => unit.payments);
    const captures = payments.flatMap((p) => p?.captures ?? []);
    const refunds = payments.flatMap((p) => p?.refunds ?? []);
    return refunds
      .filter((refund) => {
        if (refund.status !== RefundStatus.Completed) return false;
        // A refund links "up" to the capture it gives back; one without that link can only be
        // this capture's when the order holds no other (ours hold one).
        const up = linkOf(refund.links, 'up');
        return up ? up.endsWith(`/v2/payments/captures/${capture.id}`) : captures.length === 1;
      })
      .reduce((sum, refund) => sum + euroCents(refund.amount), 0);
  }

  /**
   * Reconciliation: what a payout batch sent (GET /v1/payments/payouts/{payout_batch_id}), with
   * the token payout() uses. A batch PENDING, PROCESSING or SUCCESS has its money committed: its
   * amount counts, less the items whose money did not go or came back (FAILED, BLOCKED,
   * RETURNED — an unclaimed item after 30 days —, REFUNDED, REVERSED); a batch DENIED or
   * CANCELED sent nothing. Null on a 404. PayPal looks batches up by its payout_batch_id only:
   * a ref that is our own sender_batch_id (payout() keeps it only when PayPal's "already exists"
   * answer lacks its link to the original) is not found, so it reads as unknown (null) too.
   */
  async payoutState(ref: string): Promise<{ paidCents: number } | null> {
    const token = await this.token();
    let batch: PayoutBatch;
    try {
      const response = await this.http.get<PayoutBatch>(`/v1/payments/payouts/${encodeURIComponent(ref)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      batch = response.data;
    } catch (error) {
      if (axios.isAxiosError(error) && error.response && notFound(error.response.status, error.response.data))
        return null;
      throw error;
    }
    const header = batch.batch_header;
    switch (header?.batch_status) {
      case 'DENIED':
      case 'CANCELED':
        return { paidCents: 0 };
      case 'PENDING':
      case 'PROCESSING':
      case 'SUCCESS': {
        const notSent = (batch.items ?? [])
          .filter((item) => UNPAID_ITEMS.includes(item.transaction_status ?? ''))
          .reduce((sum, item) => sum + payoutCents(item.payout_item?.amount), 0);
        return { paidCents: payoutCents(header.amount) - notSent };
      }
      default:
        throw new Error(`PayPal payout ${ref} in an unknown status ${String(header?.batch_status)}`);
    }
  }

  private async token(): Promise<string> {
    const response = await this.http.post('/v1/oauth2/token', 'grant_type=client_credentials', {
      auth: { username: this.options.clientId, password: this.options.clientSecret },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return response.data.access_token as string;
  }
}

/** The original payout's id from a duplicate's error (its HATEOAS link to /v1/payments/payouts/{id}). */
function originalBatchId(data: unknown): string | undefined {
  const links = (data as { links?: { href?: unknown }[] } | undefined)?.links ?? [];
  for (const link of links) {
    const id = /\/v1\/payments\/payouts\/([^/?#]+)$/.exec(String(link.href ?? ''))?.[1];
    if (id) return decodeURIComponent(id);
  }
  return undefined;
}

/** What GET /v1/payments/payouts/{id} answers (the Payouts API, outside the SDK), as far as we read it. */
interface PayoutBatch {
  batch_header?: { batch_status?: string; amount?: PayoutMoney };
  items?: { transaction_status?: string; payout_item?: { amount?: PayoutMoney } }[];
}
interface PayoutMoney {
  currency?: string;
  value?: string;
}

/** Payout items whose money did not reach the recipient or came back to us. */
const UNPAID_ITEMS = ['FAILED', 'BLOCKED', 'RETURNED', 'REFUNDED', 'REVERSED'];

/**
 * PayPal's answer that the id does not exist: a 404 named RESOURCE_NOT_FOUND (Orders and
 * Payments v2) or INVALID_RESOURCE_ID (the v1 APIs). A 404 without PayPal's error body (a wrong
 * base URL, a proxy) says nothing about the id and is not taken for "unknown".
 */
function notFound(status: number, body: unknown): boolean {
  const name = (body as { name?: unknown } | undefined)?.name;
  return status === 404 && (name === 'RESOURCE_NOT_FOUND' || name === 'INVALID_RESOURCE_ID');
}

/** Integer cents of a euro amount in the SDK's shape; any other currency is not ours to count. */
function euroCents(money: Money | undefined): number {
  if (money?.currencyCode !== 'EUR') throw new Error(`PayPal amount not in EUR: ${JSON.stringify(money)}`);
  return decimalToCents(money.value);
}

/** Integer cents of a euro amount in the Payouts API's shape. */
function payoutCents(money: PayoutMoney | undefined): number {
  if (money?.currency !== 'EUR' || money.value === undefined)
    throw new Error(`PayPal payout amount not in EUR: ${JSON.stringify(money)}`);
  return decimalToCents(money.value);
}

/** The href of a HATEOAS link by its rel. */
function linkOf(links: { rel: string; href: string }[] | undefined, rel: string): string | undefined {
  return links?.find((link) => link.rel === rel)?.href;
}

/** A refusal (4xx) is an answer; anything else is retried by the outbox with the same key. */
function refusal(error: unknown): PaymentResult {
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500)
    return { ok: false, reason: 'card_declined' };
  throw error;
}

/** Sends the SDK's requests to `base` instead of PayPal's hosts (tests' local fake). */
function rewritingAdapter(base: string | undefined): AxiosAdapter | undefined {
  if (!base) return undefined;
  const http = axios.getAdapter('http');
  return (config) => http({ ...config, url: config.url?.replace(PAYPAL_HOSTS, base) });
}
