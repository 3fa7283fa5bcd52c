import { randomBytes } from 'node:crypto';
import http from 'node:http';

type Json = Record<string, unknown>;

/**
 * A local fake of the PayPal REST API for the adapter's tests: OAuth, orders (create, capture
 * an approved order), capture refunds and payouts, idempotent by PayPal-Request-Id and by
 * sender_batch_id as PayPal documents, recording what it was sent.
 */
export class FakePayPal {
  readonly requests: { method: string; path: string; body: Json; requestId?: string }[] = [];
  readonly orders = new Map<string, { id: string; status: string; value: string }>();
  readonly payouts: Json[] = [];
  readonly refunds: Json[] = [];
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

  /** An order the buyer approved in PayPal's window (what the browser hands the server). */
  approvedOrder(value: string): string {
    const id = `ORDER${randomBytes(6).toString('hex').toUpperCase()}`;
    this.orders.set(id, { id, status: 'APPROVED', value });
    return id;
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
                    status: 'COMPLETED',
                    amount: { currency_code: 'EUR', value: order.value },
                  },
                ],
              },
            },
          ],
        },
      };
    }
    if (method === 'POST' && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(path)) {
      const refund = { id: id('REF'), status: 'COMPLETED', amount: body.amount };
      this.refunds.push(refund);
      return { status: 201, body: refund };
    }
    if (method === 'POST' && path === '/v1/payments/payouts') {
      const batchId = (body.sender_batch_header as { sender_batch_id: string }).sender_batch_id;
      if (
        this.payouts.some(
          (p) => (p.sender_batch_header as { sender_batch_id: string }).sender_batch_id === batchId,
        )
      )
        return {
          status: 400,
          body: { name: 'USER_BUSINESS_ERROR', message: 'Batch with given sender_batch_id already exists' },
        };
      this.payouts.push(body);
      return {
        status: 201,
        body: {
          batch_header: {
            payout_batch_id: id('BATCH'),
            batch_status: 'PENDING',
            sender_batch_header: body.sender_batch_header,
          },
        },
      };
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
  }
}
