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
 * invoices, portal sessions) as the Stripe API does, recording each request for the test to inspect.
 */
export interface StripeStandIn {
  url: string;
  requests: StandInRequest[];
  /** When set, every request answers this HTTP status with a Stripe error body. */
  failWith: number | undefined;
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
    close: async () => {},
  };
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
