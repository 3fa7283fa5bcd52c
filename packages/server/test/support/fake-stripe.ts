import { randomBytes } from 'node:crypto';
import http from 'node:http';

type Json = Record<string, unknown>;
type Intent = Json & { id: string; status: string; amount: number; amount_received: number };
interface Charge {
  id: string;
  object: 'charge';
  amount_refunded: number;
  /** A hold's: when Stripe releases it, uncaptured (seconds since the epoch; 7 days on). */
  payment_method_details: { card: { capture_before: number } };
}

/** How long Stripe keeps a card authorization for a payment its customer started. */
const HOLD_SECONDS = 7 * 24 * 3600;
interface Account {
  id: string;
  object: 'account';
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { disabled_reason: string | null };
  deleted?: boolean;
}

/** Test payment methods as Stripe documents them. */
const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  pm_card_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_insufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

/**
 * A local fake of the Stripe API for the adapter's tests: the endpoints the adapter uses, with
 * Stripe's idempotency (a repeated key replays the first answer), Stripe's error shapes, a
 * record of every request to check what the SDK sent, and faults on demand (answer late after
 * acting, so the client times out).
 */
export class FakeStripe {
  readonly requests: { method: string; path: string; params: URLSearchParams; idempotencyKey?: string }[] =
    [];
  readonly accounts = new Map<string, Account>();
  readonly intents = new Map<string, Intent>();
  /** The charge behind each confirmed intent (its `latest_charge`), with what was refunded of it. */
  readonly charges = new Map<string, Charge>();
  readonly transfers: Json[] = [];
  /** Paths (prefixes) whose next answer comes only after the client has given up. */
  readonly lateAnswers = new Set<string>();
  /**
   * Paths (prefixes) whose next answer is Stripe's 409 for a request whose idempotency key
   * another request still holds (not remembered under the key, as Stripe does not).
   */
  readonly conflicts = new Set<string>();
  private readonly replies = new Map<string, { status: number; body: Json; params: string }>();
  private server: http.Server | undefined;
  url = '';
  /** Stripe's clock (milliseconds): set to the app's test clock, holds age with it. */
  now: () => number = Date.now;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const [path = '', query = ''] = (req.url ?? '').split('?');
        // As Stripe: a GET's parameters come in the query string, a POST's in the form body.
        const params = new URLSearchParams(req.method === 'GET' ? query : raw);
        const key = req.headers['idempotency-key'] as string | undefined;
        this.requests.push({ method: req.method!, path, params, ...(key ? { idempotencyKey: key } : {}) });
        const replayKey = key && `${req.method} ${path} ${key}`;
        const conflict = [...this.conflicts].find((prefix) => path.startsWith(prefix));
        if (conflict) this.conflicts.delete(conflict);
        const reply = conflict
          ? {
              status: 409,
              body: {
                error: {
                  type: 'idempotency_error',
                  message:
                    'There is currently another in-progress request using this Stripe-Idempotency-Key.',
                },
              },
            }
          : replayKey && this.replies.has(replayKey)
            ? this.replayOf(replayKey, params)
            : this.handle(req.method!, path, params);
        if (replayKey && !conflict && !this.replies.has(replayKey))
          this.replies.set(replayKey, { ...reply, params: params.toString() });
        const late = [...this.lateAnswers].find((prefix) => path.startsWith(prefix));
        const send = () => {
          res.writeHead(reply.status, {
            'content-type': 'application/json',
            ...(replayKey ? { 'idempotent-replayed': 'true' } : {}),
          });
          res.end(JSON.stringify(reply.body));
        };
        if (late) {
          this.lateAnswers.delete(late);
          setTimeout(send, 1500);
        } else send();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  /**
   * A repeated key: the first answer, if the parameters are the same; else Stripe's 400
   * `idempotency_error` (a key may only be used again with the parameters of its first use).
   */
  private replayOf(replayKey: string, params: URLSearchParams) {
    const first = this.replies.get(replayKey)!;
    if (first.params === params.toString()) return first;
    return {
      status: 400,
      body: {
        error: {
          type: 'idempotency_error',
          message:
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        },
      },
    };
  }

  /** Forgets every idempotency key, as Stripe does after a day: the same key asks afresh. */
  forgetIdempotencyKeys(): void {
    this.replies.clear();
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The member finished onboarding on Stripe's page (or Stripe restricted the account). */
  setAccount(id: string, state: 'active' | 'restricted'): void {
    const account = this.accounts.get(id)!;
    account.details_submitted = true;
    account.charges_enabled = state === 'active';
    account.payouts_enabled = state === 'active';
    account.requirements.disabled_reason = state === 'restricted' ? 'requirements.past_due' : null;
  }

  /** The payer passed (or failed) 3-D Secure on the bank's page. */
  authenticate(id: string, passed: boolean): void {
    const intent = this.intents.get(id)!;
    // The bank's page of a cancelled intent confirms nothing.
    if (intent.status === 'canceled') return;
    intent.next_action = null;
    intent.status = passed ? 'requires_capture' : 'requires_payment_method';
    if (passed) this.chargeFor(intent);
    else intent.last_payment_error = { code: 'payment_intent_authentication_failure' };
  }

  /** The card was authorized: Stripe made a charge, the intent's latest. */
  private chargeFor(intent: Intent): void {
    const charge: Charge = {
      id: `ch_${randomBytes(8).toString('hex')}`,
      object: 'charge',
      amount_refunded: 0,
      payment_method_details: { card: { capture_before: Math.floor(this.now() / 1000) + HOLD_SECONDS } },
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
  }

  /** As Stripe: a hold not captured by its charge's `capture_before` is released, the intent canceled. */
  private expireIfDue(intent: Intent): void {
    const charge =
      typeof intent.latest_charge === 'string' ? this.charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'requires_capture' || !charge) return;
    if (this.now() / 1000 <= charge.payment_method_details.card.capture_before) return;
    intent.status = 'canceled';
    intent.cancellation_reason = 'automatic';
  }

  /** The intent as Stripe shows it: its latest charge as an id, or the charge itself when expanded. */
  private shown(intent: Intent, p: URLSearchParams): Json {
    const expanded = [...p].some(([key, value]) => /^expand\[\d*\]$/.test(key) && value === 'latest_charge');
    const charge =
      typeof intent.latest_charge === 'string' ? this.charges.get(intent.latest_charge) : undefined;
    return expanded && charge ? { ...intent, latest_charge: { ...charge } } : intent;
  }

  calls(path: string) {
    return this.requests.filter((r) => r.method === 'POST' && r.path.startsWith(path));
  }

  private handle(method: string, path: string, p: URLSearchParams): { status: number; body: Json } {
    const ok = (body: Json) => ({ status: 200, body });
    const error = (status: number, body: Json) => ({ status, body: { error: body } });
    const missing = () =>
      error(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' });
    const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
    const [, , resource, objectId, action] = path.split('/');

    if (resource === 'payment_intents' && method === 'POST' && !objectId) {
      const amount = Number(p.get('amount'));
      if (!Number.isInteger(amount) || amount <= 0 || p.get('currency') !== 'eur')
        return error(400, { type: 'invalid_request_error', message: 'Invalid amount or currency' });
      const decline = DECLINES[p.get('payment_method') ?? ''];
      if (decline) return error(402, { type: 'card_error', ...decline });
      const status =
        p.get('payment_method') === 'pm_card_authenticationRequired'
          ? 'requires_action'
          : p.get('capture_method') === 'manual'
            ? 'requires_capture'
            : 'succeeded';
      const intent: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        // What was captured: the whole amount at once with automatic capture, nothing for a hold.
        amount_received: status === 'succeeded' ? amount : 0,
        currency: 'eur',
        status,
        latest_charge: null,
      };
      if (status !== 'requires_action') this.chargeFor(intent);
      // 3-D Secure: with a return_url, the bank's page to send the payer to; without, only Stripe.js could.
      if (status === 'requires_action')
        intent.next_action = p.get('return_url')
          ? {
              type: 'redirect_to_url',
              redirect_to_url: { url: `${this.url}/3ds/${intent.id}`, return_url: p.get('return_url') },
            }
          : { type: 'use_stripe_sdk' };
      this.intents.set(intent.id, intent);
      return ok(intent);
    }
    if (resource === 'payment_intents') {
      const intent = this.intents.get(objectId!);
      if (!intent) return missing();
      this.expireIfDue(intent);
      if (method === 'GET') return ok(this.shown(intent, p));
      const unexpected = () =>
        error(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: intent.status,
        });
      if (action === 'capture') {
        if (intent.status !== 'requires_capture') return unexpected();
        intent.status = 'succeeded';
        intent.amount_received = Number(p.get('amount_to_capture') ?? intent.amount);
        return ok(intent);
      }
      // As Stripe: cancelable until captured, a 3-D Secure intent still waiting included.
      if (action === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') return unexpected();
        intent.status = 'canceled';
        return ok(intent);
      }
    }
    if (resource === 'refunds' && method === 'POST') {
      const intent = this.intents.get(p.get('payment_intent') ?? '');
      if (intent?.status !== 'succeeded')
        return error(400, { type: 'invalid_request_error', message: 'Not refundable' });
      const charge = this.charges.get(intent.latest_charge as string)!;
      // Without an amount, Stripe refunds what is left of the charge.
      const amount = Number(p.get('amount') ?? intent.amount_received - charge.amount_refunded);
      charge.amount_refunded += amount;
      return ok({ id: id('re'), object: 'refund', amount, payment_intent: intent.id, charge: charge.id });
    }
    if (resource === 'transfers' && method === 'POST') {
      const account = this.accounts.get(p.get('destination') ?? '');
      if (!account?.payouts_enabled)
        return error(400, {
          type: 'invalid_request_error',
          message: 'The destination account cannot receive transfers',
        });
      const transfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(p.get('amount')),
        amount_reversed: 0,
        destination: account.id,
      };
      this.transfers.push(transfer);
      return ok(transfer);
    }
    if (resource === 'transfers' && method === 'GET' && objectId) {
      const transfer = this.transfers.find((t) => t.id === objectId);
      return transfer ? ok(transfer) : missing();
    }
    if (resource === 'accounts' && method === 'POST' && !objectId) {
      const account: Account = {
        id: id('acct'),
        object: 'account',
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: { disabled_reason: null },
      };
      this.accounts.set(account.id, account);
      return ok({ ...account });
    }
    if (resource === 'accounts') {
      const account = this.accounts.get(objectId!);
      if (!account || account.deleted)
        return error(403, { type: 'invalid_request_error', message: 'The account does not exist' });
      if (method === 'DELETE') {
        account.deleted = true;
        return ok({ id: account.id, object: 'account', deleted: true });
      }
      return ok({ ...account });
    }
    if (resource === 'account_links' && method === 'POST')
      return ok({ object: 'account_link', url: `${this.url}/onboarding/${p.get('account')}` });
    return missing();
  }
}
