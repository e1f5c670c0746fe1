import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received: method, path and the form fields the SDK sent. */
export interface StandInRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
}

/**
 * A local HTTP server answering the Stripe endpoints Layerloom uses (customers, Checkout Sessions,
 * coupons, invoices, portal sessions, expiring a session) as the Stripe API does, recording each request for the test to inspect.
 */
export interface StripeStandIn {
  url: string;
  requests: StandInRequest[];
  /** When set, every request answers this HTTP status with a Stripe error body. */
  failWith: number | undefined;
  /** When true, expiring a Checkout Session is refused as Stripe refuses it for a completed one. */
  refuseExpire: boolean;
  /** Gives a customer a card, as finishing Stripe's hosted form would; answers its payment method id. */
  addCard(
    customer: string,
    card: { brand: string; last4: string; expMonth: number; expYear: number },
  ): string;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on a free loopback port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  let counter = 0;
  const next = (prefix: string) => `${prefix}_standin${++counter}`;
  const standIn: StripeStandIn = {
    url: '',
    requests: [],
    failWith: undefined,
    refuseExpire: false,
    addCard: (customer, card) => {
      const id = next('pm');
      cards.set(id, { id, customer, ...card });
      return id;
    },
    close: async () => {},
  };
  const cards = new Map<
    string,
    { id: string; customer: string | null; brand: string; last4: string; expMonth: number; expYear: number }
  >();
  const defaults = new Map<string, string>();
  const paymentMethod = (id: string) => {
    const card = cards.get(id);
    if (!card) return undefined;
    return {
      id,
      object: 'payment_method',
      type: 'card',
      customer: card.customer,
      card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
    };
  };
  const customer = (id: string) => ({
    id,
    object: 'customer',
    invoice_settings: { default_payment_method: defaults.get(id) ?? null },
  });
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const form = new URLSearchParams(await bodyOf(request));
    standIn.requests.push({
      method: request.method ?? '',
      path,
      form,
      authorization: request.headers.authorization,
    });
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') });
      response.end(JSON.stringify(body));
    };
    if (standIn.failWith !== undefined) {
      send(standIn.failWith, { error: { type: 'api_error', message: 'Stand-in failure' } });
      return;
    }
    if (request.method === 'POST' && path === '/v1/customers') {
      send(200, { id: next('cus'), object: 'customer', email: form.get('email'), metadata: {} });
    } else if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = next('cs_test');
      send(200, {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        client_reference_id: form.get('client_reference_id'),
        customer: form.get('customer'),
        url: `https://checkout.stripe.com/c/pay/${id}`,
      });
    } else if (request.method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)) {
      if (standIn.refuseExpire)
        send(400, {
          error: {
            type: 'invalid_request_error',
            message: 'Only Checkout Sessions with a status in [open] can be expired.',
          },
        });
      else send(200, { id: path.split('/')[4], object: 'checkout.session', status: 'expired' });
    } else if (request.method === 'POST' && path === '/v1/coupons') {
      send(200, {
        id: next('coupon'),
        object: 'coupon',
        amount_off: Number(form.get('amount_off')),
        currency: form.get('currency'),
        duration: form.get('duration'),
        max_redemptions: Number(form.get('max_redemptions')),
        name: form.get('name'),
        valid: true,
      });
    } else if (request.method === 'GET' && path.startsWith('/v1/invoices/')) {
      const id = path.slice('/v1/invoices/'.length);
      send(200, { id, object: 'invoice', hosted_invoice_url: `https://invoice.stripe.com/i/${id}` });
    } else if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      send(200, {
        id: next('bps'),
        object: 'billing_portal.session',
        customer: form.get('customer'),
        return_url: form.get('return_url'),
        url: `https://billing.stripe.com/p/session/${next('test')}`,
      });
    } else if (request.method === 'GET' && /^\/v1\/customers\/[^/]+\/payment_methods$/.test(path)) {
      const owner = path.split('/')[3];
      const data = [...cards.values()]
        .filter((card) => card.customer === owner)
        .map((card) => paymentMethod(card.id));
      send(200, { object: 'list', data, has_more: false, url: path });
    } else if (/^\/v1\/customers\/[^/]+$/.test(path)) {
      const id = path.split('/')[3] as string;
      const chosen = form.get('invoice_settings[default_payment_method]');
      if (request.method === 'POST' && chosen) defaults.set(id, chosen);
      send(200, customer(id));
    } else if (request.method === 'GET' && /^\/v1\/payment_methods\/[^/]+$/.test(path)) {
      const found = paymentMethod(path.split('/')[3] as string);
      if (found) send(200, found);
      else
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such PaymentMethod',
          },
        });
    } else if (request.method === 'POST' && /^\/v1\/payment_methods\/[^/]+\/detach$/.test(path)) {
      const card = cards.get(path.split('/')[3] as string);
      if (card) card.customer = null;
      send(200, paymentMethod(card?.id ?? '') ?? {});
    } else {
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
