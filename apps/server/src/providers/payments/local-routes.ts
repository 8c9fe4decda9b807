/**
 * The local provider's card form (PAYMENTS_PROVIDER=local only): a small page that stands in for
 * Stripe's card element, reached from the setup intent's `form_url`. It needs no JavaScript (the
 * content security policy allows none inline), labels every field, and fits a 390 px screen.
 * Submitting it moves the setup intent as Stripe's test cards would, and the provider posts the
 * signed webhook to /api/payment/webhook before the page answers.
 */
import { LOCAL_TEST_CARDS } from '@kitwright/contracts';
import Type from 'typebox';
import { escapeHtml } from '../../platform/html';
import { renderPage } from '../../platform/html-page';
import type { RoutesPlugin } from '../../platform/operation';
import type { LocalPaymentsProvider } from './local-provider';
import type { SetupIntentView } from './provider';

const Params = Type.Object({ setupIntentId: Type.String({ maxLength: 120 }) });
const Query = Type.Object({ client_secret: Type.Optional(Type.String({ maxLength: 200 })) });

const CSS = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f6f4;color:#1b1b1b}
main{max-width:26rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem;margin:.5rem 0 1rem}
form{display:grid;gap:.75rem;background:#fff;border:1px solid #ccc;border-radius:.5rem;padding:1rem}
label{display:grid;gap:.25rem;font-weight:600}
input{font:inherit;padding:.6rem;border:1px solid #767676;border-radius:.35rem;min-width:0}
.row{display:grid;grid-template-columns:1fr 1fr 1fr;gap:.5rem}
button{font:inherit;font-weight:600;padding:.7rem;border-radius:.35rem;border:0;background:#1f5f3f;color:#fff;cursor:pointer;min-height:44px}
button.secondary{background:#fff;color:#8a1c1c;border:1px solid #8a1c1c}
button:focus-visible,input:focus-visible{outline:3px solid #1a4fd6;outline-offset:2px}
.problem{border-left:4px solid #8a1c1c;padding:.5rem .75rem;background:#fff3f3}
.done{border-left:4px solid #1f5f3f;padding:.5rem .75rem;background:#effaf3}
.note{font-size:.9rem;color:#444}
code{font-size:.9rem}
`;

function page(status: 200 | 404, title: string, body: string): string {
  return renderPage(null, {
    status,
    lang: 'en',
    meta: {
      title: `${title} · Kitwright`,
      shareTitle: title,
      description: 'Local test card form (no money is taken).',
      canonical: null,
      index: false,
      follow: false,
      locale: 'en_GB',
      image: { url: '/favicon.ico', alt: 'Kitwright' },
      largeImage: false,
    },
    body: `<main>${body}</main>`,
    css: CSS,
    preloadImage: null,
  });
}

function formFor(intent: SetupIntentView, problem: string | null): string {
  const action = `/payments/local/setup-intents/${encodeURIComponent(intent.id)}?client_secret=${encodeURIComponent(intent.client_secret ?? '')}`;
  const alert = problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : '';
  const intro =
    '<p class="note">Test mode: your card is checked and saved for a later payment, not charged. No money is taken.</p>';
  if (intent.status === 'succeeded') {
    const card = intent.payment_method;
    return `<h1>Card saved</h1>${alert}<p class="done" role="status">Your ${escapeHtml(card?.brand ?? 'card')} ending ${escapeHtml(card?.last4 ?? '')} is verified and saved. Return to the app to confirm your pre-order.</p>`;
  }
  if (intent.status === 'canceled')
    return `<h1>Card setup cancelled</h1>${alert}<p>This card setup was cancelled.</p>`;
  if (intent.status === 'requires_action') {
    return `<h1>Confirm it is you</h1>${alert}${intro}
<form method="post" action="${escapeHtml(action)}">
<p>Your bank asks you to authenticate this card (3-D Secure test).</p>
<button type="submit" name="step" value="approve">Complete authentication</button>
<button type="submit" name="step" value="fail" class="secondary">Fail authentication</button>
</form>`;
  }
  const cards = Object.values(LOCAL_TEST_CARDS)
    .map((n) => `<code>${n}</code>`)
    .join(', ');
  return `<h1>Add a card</h1>${alert}${intro}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="step" value="card">
<label for="number">Card number<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23"></label>
<div class="row">
<label for="exp_month">Month<input id="exp_month" name="exp_month" inputmode="numeric" autocomplete="cc-exp-month" required maxlength="2" placeholder="MM"></label>
<label for="exp_year">Year<input id="exp_year" name="exp_year" inputmode="numeric" autocomplete="cc-exp-year" required maxlength="4" placeholder="YYYY"></label>
<label for="cvc">CVC<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></label>
</div>
<button type="submit">Save card</button>
</form>
<p class="note">Test cards: ${cards}. Any future expiry date and any 3 digits.</p>`;
}

const NOT_FOUND = () =>
  page(404, 'Card setup not found', '<h1>Card setup not found</h1><p>This link is not valid.</p>');

const int = (v: unknown) => {
  const n = Number.parseInt(String(v ?? ''), 10);
  return Number.isFinite(n) ? n : 0;
};

export const localPaymentRoutes: RoutesPlugin<{ local: LocalPaymentsProvider }> = async (app, { local }) => {
  // Only these routes read url-encoded bodies: no API endpoint can be driven by a plain form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const send = (
    reply: {
      code(n: number): unknown;
      type(t: string): unknown;
      header(k: string, v: string): unknown;
      send(b: string): unknown;
    },
    status: 200 | 404 | 422,
    html: string,
  ) => {
    reply.code(status);
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    reply.type('text/html; charset=utf-8');
    return reply.send(html);
  };

  app.get(
    '/payments/local/setup-intents/:setupIntentId',
    { schema: { hide: true, params: Params, querystring: Query } },
    async (request, reply) => {
      const intent = await local.forForm(request.params.setupIntentId, request.query.client_secret ?? '');
      if (!intent) return send(reply, 404, NOT_FOUND());
      return send(reply, 200, page(200, 'Add a card', formFor(intent, null)));
    },
  );

  app.post(
    '/payments/local/setup-intents/:setupIntentId',
    { schema: { hide: true, params: Params, querystring: Query } },
    async (request, reply) => {
      const id = request.params.setupIntentId;
      const secret = request.query.client_secret ?? '';
      const intent = await local.forForm(id, secret);
      if (!intent) return send(reply, 404, NOT_FOUND());
      const body = (request.body ?? {}) as Record<string, unknown>;
      const step = String(body.step ?? 'card');
      const outcome =
        step === 'approve' || step === 'fail'
          ? await local.authenticate(id, secret, step === 'approve')
          : await local.submitCard(id, secret, {
              number: String(body.number ?? '').slice(0, 32),
              expMonth: int(body.exp_month),
              expYear: (() => {
                const y = int(body.exp_year);
                return y < 100 ? 2000 + y : y;
              })(),
              cvc: String(body.cvc ?? '').slice(0, 8),
            });
      const status =
        outcome.problem && outcome.intent.status !== 'requires_payment_method'
          ? 200
          : outcome.problem
            ? 422
            : 200;
      return send(reply, status, page(200, 'Add a card', formFor(outcome.intent, outcome.problem)));
    },
  );
};
