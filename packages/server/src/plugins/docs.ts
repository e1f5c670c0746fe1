import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_KEY_PREFIX, apiKeyScopes } from '@layerloom/api';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { scopeForRoute } from '../modules/api-keys/route-scopes.ts';

const scopeList = Object.entries(apiKeyScopes)
  .map(([scope, { description }]) => `- \`${scope}\`: ${description}`)
  .join('\n');

const API_KEY_DOCS = `

## API keys
Create a key in Settings › Developers and send it as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. Each route
below names the scope a key needs (\`x-api-key-scope\`); routes without one (account security, billing,
admin, the keys themselves) refuse keys with 403. Scopes:
${scopeList}

An unknown, revoked or expired key is answered 401. Each key may make a number of requests per minute; every
answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds), and a request over
the limit gets 429 with \`Retry-After\`. Requests with a key need no Origin header (they carry no cookies).`;

/** The OpenAPI document, generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Layerloom API',
        description: `The HTTP API of Layerloom. Success: \`{ status: "success", data }\`. Failure: a real HTTP status and \`{ status: "error", error: { code, message, fields? } }\`.${API_KEY_DOCS}`,
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
      const note = `API key scope: \`${scope}\`.`;
      const security: Record<string, string[]>[] = [{ session: [] }, { apiKey: [scope] }];
      return {
        ...transformed,
        schema: {
          ...schema,
          description: typeof schema.description === 'string' ? `${schema.description}\n\n${note}` : note,
          security,
          'x-api-key-scope': scope,
        },
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
