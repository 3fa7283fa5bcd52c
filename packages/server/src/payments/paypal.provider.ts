import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
} from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter } from 'axios';
import { centsToDecimal } from './money-text';
import type { PaymentResult } from './payment-provider';

const PAYPAL_HOSTS = /^https:\/\/api-m\.(sandbox\.)?paypal\.com/;

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
      environment: Environment.Sandbox,
      timeout: options.timeoutMs ?? 20_000,
      ...(adapter ? { unstable_httpClientOptions: { adapter } } : {}),
    });
    this.orders = new OrdersController(this.client);
    this.paymentsApi = new PaymentsController(this.client);
    this.http = axios.create({
      baseURL: options.apiBase ?? 'https://api-m.sandbox.paypal.com',
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
      if (captured.result.status !== 'COMPLETED' || !capture?.id)
        return { ok: false, reason: 'card_declined' };
      return { ok: true, ref: capture.id };
    } catch (error) {
      return refusal(error);
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
        // Our batch id was already used: the first attempt went through (a retry after a lost answer).
        if (/sender_batch_id already exists/i.test(String(error.response.data?.message)))
          return { ok: true, ref: input.idempotencyKey };
        return { ok: false, reason: 'payout_failed' };
      }
      throw error;
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
