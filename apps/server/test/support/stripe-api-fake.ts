/**
 * A small stand-in for Stripe's API for tests (this machine cannot reach Stripe): customers, setup
 * intents (create, retrieve with expand, cancel) and payment-method detach, answering Stripe-shaped
 * JSON to the form-encoded bodies Stripe's library sends. It honours Idempotency-Key (a replay returns
 * the first answer; the same key with other parameters is an idempotency_error) and records every
 * request. Anything that could move money (/v1/payment_intents…, …/capture) answers 400 and is
 * recorded, so a test can prove no such call was ever made.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The form body (or query string for GET) as flat Stripe-style keys, e.g. `metadata[buyer_ref]`. */
  body: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

type Json = Record<string, unknown>;

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe-style nested keys (`a[b]=1`) → the value under `prefix[...]`. */
function nested(body: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    const m = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(k);
    if (m?.[1]) out[m[1]] = v;
  }
  return out;
}

export async function startStripeApiFake() {
  const requests: RecordedStripeRequest[] = [];
  const customers = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  /** Answers queued by a test for the next requests: a status with an error body, or a hang. */
  const faults: Array<{ kind: 'status'; status: number } | { kind: 'hang' }> = [];
  const hanging = new Set<http.ServerResponse>();
  let clock = 1_790_000_000;

  const error = (status: number, type: string, code: string | null, message: string): [number, Json] => [
    status,
    { error: { type, code, message } },
  ];

  function expandIntent(intent: Json, expand: string[]): Json {
    const pm = intent.payment_method;
    if (typeof pm === 'string' && expand.includes('payment_method')) {
      return { ...intent, payment_method: paymentMethods.get(pm) ?? pm };
    }
    return intent;
  }

  function handle(method: string, path: string, body: Record<string, string>): [number, Json] {
    if (path.startsWith('/v1/payment_intents') || path.endsWith('/capture'))
      return error(400, 'invalid_request_error', 'forbidden_in_tests', 'Kitwright never charges in A.5.');
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: rid('cus'),
        object: 'customer',
        created: clock++,
        livemode: false,
        metadata: nested(body, 'metadata'),
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (body.customer && !customers.has(body.customer))
        return error(
          400,
          'invalid_request_error',
          'resource_missing',
          `No such customer: '${body.customer}'`,
        );
      const id = rid('seti');
      const intent = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        customer: body.customer ?? null,
        status: 'requires_payment_method',
        usage: body.usage ?? 'off_session',
        automatic_payment_methods:
          body['automatic_payment_methods[enabled]'] === 'true'
            ? { enabled: true, allow_redirects: 'always' }
            : null,
        payment_method: null,
        payment_method_types: ['card'],
        last_setup_error: null,
        next_action: null,
        cancellation_reason: null,
        created: clock++,
        livemode: false,
        metadata: nested(body, 'metadata'),
      };
      intents.set(id, intent);
      return [200, intent];
    }
    const intentMatch = /^\/v1\/setup_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (intentMatch?.[1]) {
      const intent = intents.get(intentMatch[1]);
      if (!intent)
        return error(
          404,
          'invalid_request_error',
          'resource_missing',
          `No such setupintent: '${intentMatch[1]}'`,
        );
      if (method === 'GET' && !intentMatch[2]) {
        const expand = Object.entries(body)
          .filter(([k]) => k.startsWith('expand['))
          .map(([, v]) => v);
        return [200, expandIntent(intent, expand)];
      }
      if (method === 'POST' && intentMatch[2]) {
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return error(
            400,
            'invalid_request_error',
            'setup_intent_unexpected_state',
            `You cannot cancel this SetupIntent because it has a status of ${String(intent.status)}.`,
          );
        Object.assign(intent, { status: 'canceled', cancellation_reason: 'requested_by_customer' });
        return [200, intent];
      }
    }
    const detachMatch = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === 'POST' && detachMatch?.[1]) {
      const pm = paymentMethods.get(detachMatch[1]);
      if (!pm)
        return error(
          404,
          'invalid_request_error',
          'resource_missing',
          `No such PaymentMethod: '${detachMatch[1]}'`,
        );
      if (pm.customer === null)
        return error(
          400,
          'invalid_request_error',
          'payment_method_unexpected_state',
          'The payment method you provided is not attached to a customer so detachment is impossible.',
        );
      pm.customer = null;
      return [200, pm];
    }
    return error(404, 'invalid_request_error', null, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? '';
      const raw = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const body = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method, path: url.pathname, body, headers: req.headers });
      const fault = faults.shift();
      if (fault?.kind === 'hang') {
        hanging.add(res);
        return;
      }
      const send = (status: number, json: Json) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
        res.end(JSON.stringify(json));
      };
      if (fault?.kind === 'status') {
        const [status, json] = error(fault.status, 'api_error', null, 'An unknown error occurred (fake).');
        return send(status, json);
      }
      const key = req.headers['idempotency-key'];
      const fingerprint = `${method} ${url.pathname} ${raw}`;
      if (method === 'POST' && typeof key === 'string') {
        const seen = idempotent.get(key);
        if (seen && seen.fingerprint !== fingerprint) {
          const [status, json] = error(
            400,
            'idempotency_error',
            null,
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
          return send(status, json);
        }
        if (seen) return send(seen.status, seen.body);
        const [status, json] = handle(method, url.pathname, body);
        idempotent.set(key, { fingerprint, status, body: json });
        return send(status, json);
      }
      const [status, json] = handle(method, url.pathname, body);
      send(status, json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** Attaches a card to an intent's customer, as the buyer's browser would through Stripe.js. */
  function attachCard(intent: Json, card: FakeCard): string {
    const pm = {
      id: rid('pm'),
      object: 'payment_method',
      type: 'card',
      customer: intent.customer,
      card: { ...card, country: 'GB', funding: 'credit' },
      created: clock++,
      livemode: false,
    };
    paymentMethods.set(pm.id, pm);
    return pm.id;
  }

  function intentOrThrow(id: string): Json {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no setup intent ${id}`);
    return intent;
  }

  return {
    port,
    base: `http://127.0.0.1:${port}`,
    requests,
    intents,
    paymentMethods,
    /** The buyer completes the card form and the card is saved: the intent succeeds. */
    succeed(id: string, card: FakeCard = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }) {
      const intent = intentOrThrow(id);
      Object.assign(intent, {
        status: 'succeeded',
        payment_method: attachCard(intent, card),
        last_setup_error: null,
      });
    },
    /** The bank declines the card, or it needs authentication: the intent goes back to collecting a card. */
    decline(id: string, code: string, declineCode: string | null) {
      const intent = intentOrThrow(id);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_setup_error: {
          type: 'card_error',
          code,
          decline_code: declineCode,
          message: 'Your card was declined.',
        },
      });
    },
    /** The next `count` requests answer with this status (e.g. 500, 503) and Stripe's api_error body. */
    failNext(status: number, count = 1) {
      for (let i = 0; i < count; i += 1) faults.push({ kind: 'status', status });
    },
    /** The next `count` requests are never answered (the client's timeout decides). */
    hangNext(count = 1) {
      for (let i = 0; i < count; i += 1) faults.push({ kind: 'hang' });
    },
    /** Requests that could have moved money: there must never be any. */
    moneyMovingRequests() {
      return requests.filter((r) => r.path.startsWith('/v1/payment_intents') || r.path.endsWith('/capture'));
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeApiFake = Awaited<ReturnType<typeof startStripeApiFake>>;
