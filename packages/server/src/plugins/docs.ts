import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_KEY_PREFIX, apiKeyScopes, WEBHOOK_TEST_EVENT, webhookEvents } from '@layerloom/api';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { scopeForRoute } from '../modules/api-keys/route-scopes.ts';

const scopeList = Object.entries(apiKeyScopes)
  .map(([scope, { description, warning }]) => `- \`${scope}\`: ${description}${warning ? ` ${warning}` : ''}`)
  .join('\n');

const API_KEY_DOCS = `

## API keys
Create a key in Settings › Developers and send it as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. Each route
below names the scope a key needs (\`x-api-key-scope\`); routes without one (account security, billing,
admin, the keys themselves, a webhook's secret rotation) refuse keys with 403. A key has only the scopes
chosen when it was created; none is granted by default. Scopes:
${scopeList}

An unknown, revoked or expired key is answered 401. Each key may make a number of requests per minute; every
answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds), and a request over
the limit gets 429 with \`Retry-After\`. Requests with a key need no Origin header (they carry no cookies).

Each route below shows a \`curl\` example. For example, a project generated and followed to the end:

\`\`\`sh
curl -X POST "$LAYERLOOM_URL/api/v1/projects" -H "Authorization: Bearer $LAYERLOOM_API_KEY" \\
  -H 'content-type: application/json' -d '{"name":"Pixel Cats","collectionSize":100,"width":512,"height":512}'
curl -X POST "$LAYERLOOM_URL/api/v1/projects/<id>/import-layers" -H "Authorization: Bearer $LAYERLOOM_API_KEY" -F file=@layers.zip
curl -X POST "$LAYERLOOM_URL/api/v1/projects/<id>/generate" -H "Authorization: Bearer $LAYERLOOM_API_KEY"
curl -N "$LAYERLOOM_URL/api/v1/collections/<collectionId>/events" -H "Authorization: Bearer $LAYERLOOM_API_KEY"
\`\`\`

## TypeScript SDK
\`@layerloom/sdk\` is a typed client of this API (Node 20+ and browsers), typed by the same schemas:

\`\`\`ts
import { Layerloom } from '@layerloom/sdk';
const layerloom = new Layerloom({ apiKey: process.env.LAYERLOOM_API_KEY, baseUrl: process.env.LAYERLOOM_URL });
const project = await layerloom.projects.create({ name: 'Pixel Cats', collectionSize: 100, width: 512, height: 512 });
await layerloom.projects.importLayers(project.id, './layers');
const collection = await layerloom.collections.generate(project.id);
for await (const progress of layerloom.collections.progress(collection.id)) console.log(progress.done, progress.total);
await layerloom.collections.downloadTo(collection.id, { to: './pixel-cats.zip' });
\`\`\`

The \`layerloom\` CLI uses it for \`layerloom login\`, \`push\`, \`generate --remote\` and \`pull\`.`;

/** A curl call of a route with an API key, for its documentation. */
function curlExample(
  method: string,
  url: string,
  hasBody: boolean,
  multipartField: string | undefined,
): string {
  const path = url.replace(/:(\w+)/g, '<$1>');
  const body = multipartField
    ? ` -F ${multipartField}=@<file>`
    : hasBody
      ? " -H 'content-type: application/json' -d '{…}'"
      : '';
  const verb = method === 'GET' ? '' : `-X ${method} `;
  return `curl ${verb}"$LAYERLOOM_URL${path}" -H "Authorization: Bearer $LAYERLOOM_API_KEY"${body}`;
}

const eventList = Object.entries(webhookEvents)
  .map(([type, { description }]) => `- \`${type}\`: ${description}`)
  .join('\n');

const WEBHOOK_DOCS = `

## Webhooks
Add endpoints in Settings › Developers, or from code with a key that has the \`webhooks\` scope
(\`POST /api/v1/webhooks\`, or \`layerloom.webhooks.create\` in the SDK); each gets a signing secret
(\`whsec_…\`) shown once, in the answer that creates it. A key never reads an existing endpoint's secret:
rotating it (\`POST /api/v1/webhooks/{id}/secret\`) is for the signed-in owner only. Every delivery is a \`POST\` with a JSON body
\`{ "id": "msg_…", "type": "<event>", "createdAt": "<ISO 8601>", "data": { … } }\`. Events:
${eventList}
- \`${WEBHOOK_TEST_EVENT}\`: sent by "Send test event"; data: { message }; retried like any other event.

**Signature** (the Standard Webhooks scheme Svix uses): headers \`webhook-id\` (the body's id),
\`webhook-timestamp\` (Unix seconds) and \`webhook-signature: v1,<base64>\`, where the base64 is
HMAC-SHA256 over \`\${webhook-id}.\${webhook-timestamp}.\${raw body}\` keyed with the base64-decoded
part of the secret after \`whsec_\`. Compare in constant time and refuse timestamps more than 5 minutes
off. Standard Webhooks libraries (e.g. \`standardwebhooks\`, \`svix\`) verify it as is.

**Delivery**: a 2xx within 10 seconds is a success. Anything else is retried with the same id and body
after 30 s, 2 min, 8 min, 32 min and 2 h 8 min (six attempts). An endpoint is switched off after 10 failed
attempts in a row with no success between them; switching it on again clears the count. Endpoints on
private, loopback or link-local addresses are refused when saved and again when connecting.`;

/** The OpenAPI document, generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Layerloom API',
        description: `The HTTP API of Layerloom. Success: \`{ status: "success", data }\`. Failure: a real HTTP status and \`{ status: "error", error: { code, message, fields? } }\`.${API_KEY_DOCS}${WEBHOOK_DOCS}`,
        version,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'layerloom_session' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: `An API key from Settings › Developers (\`${API_KEY_PREFIX}…\`); each route names the scope it needs.`,
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const methods = [input.route.method].flat();
      const scope = methods.map((method) => scopeForRoute(method, input.route.url)).find(Boolean);
      if (!scope) return transformed;
      const schema = transformed.schema as Record<string, unknown>;
      const method = methods.find((candidate) => scopeForRoute(candidate, input.route.url)) ?? 'GET';
      const summary = typeof schema.summary === 'string' ? schema.summary : '';
      const curl = curlExample(
        method.toUpperCase(),
        input.route.url,
        schema.body !== undefined,
        /multipart field "(\w+)"/i.exec(summary)?.[1],
      );
      const note = `API key scope: \`${scope}\`.\n\nExample:\n\n\`\`\`sh\n${curl}\n\`\`\``;
      const security: Record<string, string[]>[] = [{ session: [] }, { apiKey: [scope] }];
      return {
        ...transformed,
        schema: {
          ...schema,
          description: typeof schema.description === 'string' ? `${schema.description}\n\n${note}` : note,
          security,
          'x-api-key-scope': scope,
          'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curl }],
        },
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
