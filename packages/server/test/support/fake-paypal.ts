import { randomBytes } from 'node:crypto';
import http from 'node:http';

type Json = Record<string, unknown>;
interface Capture {
  id: string;
  orderId: string;
  value: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'PENDING' | 'DECLINED';
  refunds: { id: string; status: string; value: string }[];
}
interface Batch {
  id: string;
  status: string;
  body: Json;
  /** Each item's transaction status, in the order sent. */
  itemStatuses: string[];
}

/** Integer cents of a decimal text, for the fake's own sums ("50.00" → 5000). */
const cents = (value: string) => Math.round(Number(value) * 100);
const decimal = (amountCents: number) =>
  `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
/** PayPal's answer for an id it does not know. */
const notFound = () => ({
  status: 404,
  body: {
    name: 'RESOURCE_NOT_FOUND',
    message: 'The specified resource does not exist.',
    details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
  },
});

/**
 * A local fake of the PayPal REST API for the adapter's tests: OAuth, orders (create, capture
 * an approved order), capture refunds and payouts, idempotent by PayPal-Request-Id and by
 * sender_batch_id as PayPal documents, recording what it was sent.
 */
export class FakePayPal {
  readonly requests: { method: string; path: string; body: Json; requestId?: string }[] = [];
  readonly orders = new Map<
    string,
    { id: string; status: string; value: string; captureStatus?: Capture['status'] }
  >();
  readonly payouts: Json[] = [];
  readonly refunds: Json[] = [];
  /** Every capture made, by id: its order, amount, status and the refunds made of it. */
  readonly captures = new Map<string, Capture>();
  /** Every payout batch PayPal accepted, by its payout_batch_id. */
  readonly batches = new Map<string, Batch>();
  /** Fail the next call to a path prefix with a server error (the adapter must retry, not refuse). */
  readonly serverErrors = new Set<string>();
  private readonly replies = new Map<string, { status: number; body: Json }>();
  private server: http.Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0]!;
        const body = raw && req.headers['content-type']?.includes('json') ? (JSON.parse(raw) as Json) : {};
        const requestId = req.headers['paypal-request-id'] as string | undefined;
        this.requests.push({ method: req.method!, path, body, ...(requestId ? { requestId } : {}) });
        const failing = [...this.serverErrors].find((prefix) => path.startsWith(prefix));
        let reply: { status: number; body: Json };
        if (failing) {
          this.serverErrors.delete(failing);
          reply = { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } };
        } else {
          const key = requestId && `${path} ${requestId}`;
          reply = (key && this.replies.get(key)) || this.handle(req.method!, path, body);
          if (key) this.replies.set(key, reply);
        }
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /**
   * An order the buyer approved in PayPal's window (what the browser hands the server); its
   * capture's status as PayPal may answer it (a COMPLETED order with a PENDING or DECLINED capture).
   */
  approvedOrder(value: string, captureStatus: Capture['status'] = 'COMPLETED'): string {
    const id = `ORDER${randomBytes(6).toString('hex').toUpperCase()}`;
    this.orders.set(id, { id, status: 'APPROVED', value, captureStatus });
    return id;
  }

  /** An item of a payout batch came back to us (unclaimed for 30 days, say). */
  setPayoutItem(batchId: string, index: number, status: string): void {
    this.batches.get(batchId)!.itemStatuses[index] = status;
  }

  calls(path: string) {
    return this.requests.filter((r) => r.method === 'POST' && r.path.startsWith(path));
  }

  private handle(method: string, path: string, body: Json): { status: number; body: Json } {
    const id = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;
    if (path === '/v1/oauth2/token')
      return { status: 200, body: { access_token: 'A21AA-test', token_type: 'Bearer', expires_in: 32400 } };
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (body.purchase_units as { amount: { currency_code: string; value: string } }[])[0]!;
      if (unit.amount.currency_code !== 'EUR' || !/^\d+\.\d{2}$/.test(unit.amount.value))
        return { status: 400, body: { name: 'INVALID_REQUEST' } };
      // The sandbox buyer approves at once.
      const order = { id: id('ORDER'), status: 'APPROVED', value: unit.amount.value };
      this.orders.set(order.id, order);
      return { status: 201, body: { id: order.id, status: 'CREATED' } };
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && capture) {
      const order = this.orders.get(capture[1]!);
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      if (order.status !== 'APPROVED')
        return {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] },
        };
      order.status = 'COMPLETED';
      const captureId = id('CAP');
      this.captures.set(captureId, {
        id: captureId,
        orderId: order.id,
        value: order.value,
        status: order.captureStatus ?? 'COMPLETED',
        refunds: [],
      });
      return {
        status: 201,
        body: {
          id: order.id,
          status: 'COMPLETED',
          purchase_units: [
            {
              payments: {
                captures: [
                  {
                    id: captureId,
                    status: order.captureStatus ?? 'COMPLETED',
                    amount: { currency_code: 'EUR', value: order.value },
                  },
                ],
              },
            },
          ],
        },
      };
    }
    const refundOf = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundOf) {
      const captured = this.captures.get(refundOf[1]!);
      if (!captured) return notFound();
      const left = cents(captured.value) - captured.refunds.reduce((sum, r) => sum + cents(r.value), 0);
      // Without an amount, PayPal refunds what is left of the capture.
      const amount = (body.amount as { currency_code: string; value: string } | undefined) ?? {
        currency_code: 'EUR',
        value: decimal(left),
      };
      if (captured.status === 'REFUNDED' || cents(amount.value) > left)
        return {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] },
        };
      const refund = { id: id('REF'), status: 'COMPLETED', amount };
      this.refunds.push(refund);
      captured.refunds.push({ id: refund.id, status: refund.status, value: amount.value });
      captured.status = cents(amount.value) === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      return { status: 201, body: refund };
    }
    const captureOf = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (method === 'GET' && captureOf) {
      const captured = this.captures.get(captureOf[1]!);
      return captured ? { status: 200, body: this.captureBody(captured) } : notFound();
    }
    const orderOf = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && orderOf) {
      const order = this.orders.get(orderOf[1]!);
      if (!order) return notFound();
      const captures = [...this.captures.values()].filter((c) => c.orderId === order.id);
      return {
        status: 200,
        body: {
          id: order.id,
          status: order.status,
          purchase_units: [
            {
              amount: { currency_code: 'EUR', value: order.value },
              payments: {
                captures: captures.map((c) => this.captureBody(c)),
                refunds: captures.flatMap((c) =>
                  c.refunds.map((r) => ({
                    id: r.id,
                    status: r.status,
                    amount: { currency_code: 'EUR', value: r.value },
                    links: [
                      { rel: 'self', method: 'GET', href: `${this.url}/v2/payments/refunds/${r.id}` },
                      { rel: 'up', method: 'GET', href: `${this.url}/v2/payments/captures/${c.id}` },
                    ],
                  })),
                ),
              },
            },
          ],
        },
      };
    }
    if (method === 'POST' && path === '/v1/payments/payouts') {
      const batchId = (body.sender_batch_header as { sender_batch_id: string }).sender_batch_id;
      const original = [...this.batches.values()].find(
        (b) => (b.body.sender_batch_header as { sender_batch_id: string }).sender_batch_id === batchId,
      );
      // As PayPal documents it: the duplicate refused, with a HATEOAS link to the original payout.
      if (original)
        return {
          status: 400,
          body: {
            name: 'USER_BUSINESS_ERROR',
            message: 'Batch with given sender_batch_id already exists',
            links: [
              {
                href: `https://api-m.sandbox.paypal.com/v1/payments/payouts/${original.id}`,
                rel: 'self',
                method: 'GET',
              },
            ],
          },
        };
      this.payouts.push(body);
      const batch: Batch = {
        id: id('BATCH'),
        // PayPal answers PENDING at once; the fake's batches complete right after.
        status: 'SUCCESS',
        body,
        itemStatuses: (body.items as Json[]).map(() => 'SUCCESS'),
      };
      this.batches.set(batch.id, batch);
      return {
        status: 201,
        body: {
          batch_header: {
            payout_batch_id: batch.id,
            batch_status: 'PENDING',
            sender_batch_header: body.sender_batch_header,
          },
        },
      };
    }
    const batchOf = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && batchOf) {
      const batch = this.batches.get(batchOf[1]!);
      // The Payouts API (v1) names an unknown id this way.
      if (!batch)
        return {
          status: 404,
          body: { name: 'INVALID_RESOURCE_ID', message: 'Requested resource ID was not found.' },
        };
      const items = batch.body.items as { amount: { currency: string; value: string }; receiver: string }[];
      const total = items.reduce((sum, item) => sum + cents(item.amount.value), 0);
      return {
        status: 200,
        body: {
          batch_header: {
            payout_batch_id: batch.id,
            batch_status: batch.status,
            sender_batch_header: batch.body.sender_batch_header,
            amount: { currency: 'EUR', value: decimal(total) },
          },
          items: items.map((item, i) => ({
            payout_item_id: `${batch.id}-${i}`,
            payout_batch_id: batch.id,
            transaction_status: batch.itemStatuses[i],
            payout_item: { amount: item.amount, receiver: item.receiver },
          })),
        },
      };
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
  }

  /** A capture as GET /v2/payments/captures/{id} shows it, its order named as PayPal does. */
  private captureBody(c: Capture): Json {
    return {
      id: c.id,
      status: c.status,
      amount: { currency_code: 'EUR', value: c.value },
      final_capture: true,
      supplementary_data: { related_ids: { order_id: c.orderId } },
      links: [
        { rel: 'self', method: 'GET', href: `${this.url}/v2/payments/captures/${c.id}` },
        { rel: 'refund', method: 'POST', href: `${this.url}/v2/payments/captures/${c.id}/refund` },
        { rel: 'up', method: 'GET', href: `${this.url}/v2/checkout/orders/${c.orderId}` },
      ],
    };
  }
}
