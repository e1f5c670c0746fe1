import type { ApiKeyScope } from '@layerloom/api';

/**
 * The scope an API key needs for each `/api/v1` route, by method and route pattern. A route missing
 * here takes no key at all (403), so a new route stays closed to keys until it is listed: account
 * security (password, two-factor, sessions, deletion), billing, referrals, profile, admin routes,
 * the key routes themselves and a webhook's secret rotation (which would hand a key a signing secret of
 * an existing endpoint) are deliberately absent.
 */
export const routeScopes: Readonly<Record<string, ApiKeyScope>> = {
  // read: everything a creator can look at.
  'GET /api/v1/session': 'read',
  'GET /api/v1/health': 'read',
  'GET /api/v1/health/live': 'read',
  'GET /api/v1/health/ready': 'read',
  'GET /api/v1/projects': 'read',
  'GET /api/v1/projects/:id': 'read',
  'GET /api/v1/projects/:id/traits/:traitId/image': 'read',
  'GET /api/v1/projects/:id/combinations': 'read',
  'GET /api/v1/projects/:id/feasibility': 'read',
  'GET /api/v1/projects/:id/quality': 'read',
  'GET /api/v1/collections': 'read',
  'GET /api/v1/collections/:id': 'read',
  'GET /api/v1/collections/:id/events': 'read',
  'GET /api/v1/collections/:id/rarity': 'read',
  'GET /api/v1/collections/:id/look-alikes': 'read',
  'GET /api/v1/collections/:id/tokens': 'read',
  'GET /api/v1/collections/:id/images/:file': 'read',
  'GET /api/v1/collections/:id/metadata/:file': 'read',
  'GET /api/v1/collections/:id/thumbnails/:file': 'read',
  'GET /api/v1/collections/:id/ipfs': 'read',
  'GET /api/v1/collections/:id/download/:kind': 'read',
  'GET /api/v1/collections/:id/publication': 'read',
  'GET /api/v1/collections/:id/publication/ipfs': 'read',
  'GET /api/v1/collections/:id/publication/placeholder': 'read',
  'GET /api/v1/collections/:id/deployments': 'read',
  'GET /api/v1/collections/:id/launch-status': 'read',
  'GET /api/v1/launch-status': 'read',
  'GET /api/v1/chains': 'read',
  'GET /api/v1/collections/:id/mint-page': 'read',
  'GET /api/v1/collections/:id/mint-page/images/:name': 'read',
  'GET /api/v1/collections/:id/allowlist': 'read',
  'GET /api/v1/collections/:id/marketplace': 'read',
  'GET /api/v1/pinning-provider': 'read',
  'GET /api/v1/drops/:slug': 'read',
  'GET /api/v1/drops/:slug/state': 'read',
  'GET /api/v1/drops/:slug/images/:name': 'read',
  'GET /api/v1/drops/:slug/share-card.png': 'read',
  'GET /api/v1/drops/:slug/allowlist/:address': 'read',
  'GET /api/v1/drops/:slug/contract.json': 'read',
  // generate: set up projects and run generations.
  'POST /api/v1/projects': 'generate',
  'PATCH /api/v1/projects/:id': 'generate',
  'DELETE /api/v1/projects/:id': 'generate',
  'POST /api/v1/projects/:id/layers/:layerId/traits': 'generate',
  'POST /api/v1/projects/:id/import-layers': 'generate',
  'POST /api/v1/projects/:id/sample-layers': 'generate',
  'POST /api/v1/projects/:id/preview': 'generate',
  'POST /api/v1/projects/:id/preview-grid': 'generate',
  'POST /api/v1/projects/:id/generate': 'generate',
  'DELETE /api/v1/collections/:id': 'generate',
  'POST /api/v1/collections/:id/cancel': 'generate',
  // publish: publications, reveals, mint pages, allowlists and deployment records.
  'POST /api/v1/collections/:id/publication': 'publish',
  'POST /api/v1/collections/:id/publication/ipfs': 'publish',
  'PUT /api/v1/collections/:id/publication/placeholder': 'publish',
  'POST /api/v1/collections/:id/publication/reveal': 'publish',
  'POST /api/v1/collections/:id/deployments': 'publish',
  'POST /api/v1/collections/:id/deployments/:deploymentId/source-verification': 'publish',
  'PUT /api/v1/collections/:id/mint-page': 'publish',
  'POST /api/v1/collections/:id/mint-page/:kind': 'publish',
  'PUT /api/v1/collections/:id/allowlist': 'publish',
  'PUT /api/v1/collections/:id/marketplace': 'publish',
  'POST /api/v1/collections/:id/marketplace/updates': 'publish',
  'POST /api/v1/collections/:id/marketplace/ipfs': 'publish',
  'PUT /api/v1/pinning-provider': 'publish',
  'DELETE /api/v1/pinning-provider': 'publish',
  // messages: write to the team.
  'POST /api/v1/contact': 'messages',
  // webhooks: endpoints and their logs; a new endpoint's secret is answered once, at creation.
  'GET /api/v1/webhooks': 'webhooks',
  'POST /api/v1/webhooks': 'webhooks',
  'PATCH /api/v1/webhooks/:id': 'webhooks',
  'DELETE /api/v1/webhooks/:id': 'webhooks',
  'POST /api/v1/webhooks/:id/test': 'webhooks',
  'GET /api/v1/webhooks/:id/deliveries': 'webhooks',
};

/** The scope a key needs for this method and route pattern, or undefined when keys may not call it. */
export function scopeForRoute(method: string, routePattern: string): ApiKeyScope | undefined {
  // Fastify answers HEAD with the GET route.
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return routeScopes[`${verb} ${routePattern}`];
}
