import type { WorkspaceRole } from '@layerloom/api';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { requireCollectionRole, requireProjectRole } from './resource-access.ts';

/** What a route acts on (its `:id`), the least role it takes in that resource's workspace, and the refusal's words. */
export interface RouteRole {
  resource: 'project' | 'collection';
  need: WorkspaceRole;
  /** Ends "Your role in this workspace (Viewer) cannot …". */
  action: string;
}

const project = (need: WorkspaceRole, action: string): RouteRole => ({ resource: 'project', need, action });
const collection = (need: WorkspaceRole, action: string): RouteRole => ({
  resource: 'collection',
  need,
  action,
});
const read = (resource: 'project' | 'collection'): RouteRole => ({
  resource,
  need: 'viewer',
  action: `see the ${resource}`,
});

/**
 * The role each route on a project or a collection takes, by method and route pattern (issue 30):
 * Viewer reads and comments; Editor works on projects, generation, metadata and the mint page; Admin launches
 * (publication, reveal, deployments, allowlist, marketplace) and approves; Owner deletes and moves. A member of
 * another workspace, like a stranger, gets 404 (the resource's existence is not told). Checked by one hook
 * (registerWorkspaceRoles) before the handler; `route-roles.test.ts` fails when a route under
 * `/projects/:id` or `/collections/:id` is missing here.
 */
export const routeRoles: Readonly<Record<string, RouteRole>> = {
  // Projects.
  'GET /api/v1/projects/:id': read('project'),
  'GET /api/v1/projects/:id/one-of-ones/:oneOfOneId/image': read('project'),
  'GET /api/v1/projects/:id/traits/:traitId/image': read('project'),
  'GET /api/v1/projects/:id/traits/:traitId/thumbnail': read('project'),
  'GET /api/v1/projects/:id/combinations': read('project'),
  'GET /api/v1/projects/:id/feasibility': read('project'),
  'GET /api/v1/projects/:id/quality': read('project'),
  'GET /api/v1/projects/:id/presence': read('project'),
  'PUT /api/v1/projects/:id/presence': read('project'),
  'DELETE /api/v1/projects/:id/presence': read('project'),
  'GET /api/v1/projects/:id/comments': read('project'),
  'POST /api/v1/projects/:id/comments': project('viewer', 'comment'),
  'DELETE /api/v1/projects/:id/comments/:commentId': project('viewer', 'delete comments'),
  'PATCH /api/v1/projects/:id': project('editor', 'edit the project'),
  'POST /api/v1/projects/:id/layers/:layerId/traits': project('editor', 'upload traits'),
  'POST /api/v1/projects/:id/one-of-ones': project('editor', 'add 1-of-1s'),
  'POST /api/v1/projects/:id/import-layers': project('editor', 'import layers'),
  'POST /api/v1/projects/:id/sample-layers': project('editor', 'add sample layers'),
  'POST /api/v1/projects/:id/preview': project('editor', 'make previews'),
  'POST /api/v1/projects/:id/preview-grid': project('editor', 'make previews'),
  'POST /api/v1/projects/:id/generate': project('editor', 'generate collections'),
  'DELETE /api/v1/projects/:id': project('owner', 'delete the project'),
  'POST /api/v1/projects/:id/move': project('owner', 'move the project'),
  // Collections: reading.
  'GET /api/v1/collections/:id': read('collection'),
  'GET /api/v1/collections/:id/rarity': read('collection'),
  'GET /api/v1/collections/:id/amendments': read('collection'),
  'GET /api/v1/collections/:id/amendments/:amendmentId/changes': read('collection'),
  'GET /api/v1/collections/:id/amendments/:amendmentId/before/:file': read('collection'),
  'GET /api/v1/collections/:id/allowlist': read('collection'),
  'GET /api/v1/collections/:id/metadata-settings': read('collection'),
  'GET /api/v1/collections/:id/metadata/:file': read('collection'),
  'GET /api/v1/collections/:id/mint-page': read('collection'),
  'GET /api/v1/collections/:id/mint-page/images/:name': read('collection'),
  'GET /api/v1/collections/:id/marketplace': read('collection'),
  'GET /api/v1/collections/:id/events': read('collection'),
  'GET /api/v1/collections/:id/look-alikes': read('collection'),
  'GET /api/v1/collections/:id/launch-status': read('collection'),
  'GET /api/v1/collections/:id/tokens': read('collection'),
  'GET /api/v1/collections/:id/thumbnails/:file': read('collection'),
  'GET /api/v1/collections/:id/images/:file': read('collection'),
  'GET /api/v1/collections/:id/ipfs': read('collection'),
  'GET /api/v1/collections/:id/download/:kind': read('collection'),
  'GET /api/v1/collections/:id/deployments': read('collection'),
  'GET /api/v1/collections/:id/publication': read('collection'),
  'GET /api/v1/collections/:id/publication/ipfs': read('collection'),
  'GET /api/v1/collections/:id/publication/placeholder': read('collection'),
  'GET /api/v1/collections/:id/comments': read('collection'),
  'POST /api/v1/collections/:id/comments': collection('viewer', 'comment'),
  'DELETE /api/v1/collections/:id/comments/:commentId': collection('viewer', 'delete comments'),
  'GET /api/v1/collections/:id/approval': read('collection'),
  // Collections: generation, metadata and the mint page (Editor).
  'POST /api/v1/collections/:id/reroll': collection('editor', 'reroll tokens'),
  'POST /api/v1/collections/:id/grow': collection('editor', 'grow the collection'),
  'POST /api/v1/collections/:id/cancel': collection('editor', 'cancel the generation'),
  'PUT /api/v1/collections/:id/metadata-settings': collection('editor', 'edit the metadata'),
  'POST /api/v1/collections/:id/art': collection('editor', 'replace token art'),
  'PUT /api/v1/collections/:id/mint-page': collection('editor', 'edit the mint page'),
  'POST /api/v1/collections/:id/mint-page/:kind': collection('editor', 'edit the mint page'),
  // Collections: the launch (Admin).
  'POST /api/v1/collections/:id/publication': collection('admin', 'publish the collection'),
  'POST /api/v1/collections/:id/publication/ipfs': collection('admin', 'publish the collection'),
  'PUT /api/v1/collections/:id/publication/placeholder': collection('admin', 'change the pre-reveal'),
  'DELETE /api/v1/collections/:id/publication/placeholder': collection('admin', 'change the pre-reveal'),
  'POST /api/v1/collections/:id/publication/reveal': collection('admin', 'reveal the collection'),
  'POST /api/v1/collections/:id/deployments': collection('admin', 'record deployments'),
  'POST /api/v1/collections/:id/deployments/:deploymentId/source-verification': collection(
    'admin',
    'verify contracts',
  ),
  'PUT /api/v1/collections/:id/allowlist': collection('admin', 'change the allowlist'),
  'PUT /api/v1/collections/:id/marketplace': collection('admin', 'change the marketplace listing'),
  'POST /api/v1/collections/:id/marketplace/updates': collection('admin', 'update marketplaces'),
  'POST /api/v1/collections/:id/marketplace/ipfs': collection('admin', 'update marketplaces'),
  'POST /api/v1/collections/:id/approval': collection('admin', 'approve the collection'),
  'DELETE /api/v1/collections/:id/approval': collection('admin', 'withdraw the approval'),
  // Collections: deleting and the sale's funds (Owner).
  'DELETE /api/v1/collections/:id': collection('owner', 'delete the collection'),
  'POST /api/v1/collections/:id/withdrawals': collection('owner', 'log withdrawals'),
};

/** The role rule of a method and route pattern, or undefined for a route that acts on no project or collection. */
export function roleForRoute(method: string, routePattern: string): RouteRole | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return routeRoles[`${verb} ${routePattern}`];
}

/** Whether a route pattern acts on one project or collection (and so must be listed in `routeRoles`). */
export function actsOnResource(routePattern: string): boolean {
  return /^\/api\/v1\/(projects|collections)\/:id(\/|$)/.test(routePattern);
}

/**
 * Checks the caller's role in the workspace of the route's project or collection before the body is validated
 * (after the route's own sign-in hook, so a visitor still gets 401): a non-member learns nothing of the resource
 * or the route's rules (404), a member below the role gets 403 whatever they send. Membership is read on every
 * request: a removed member loses access with their next one, on every web node. An API key (its maker's
 * role) reaches only the workspace it was made in.
 */
export function registerWorkspaceRoles(app: App): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const rule = roleForRoute(request.method, request.routeOptions.url ?? '');
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (!rule || !request.user || typeof id !== 'string') return;
    const check = rule.resource === 'project' ? requireProjectRole : requireCollectionRole;
    const access = await check(app.database.db, id, request.user.id, rule.need, rule.action);
    // An API key works in its own workspace only: another one's resource is not found, as for an outsider.
    if (request.apiKey && access.workspaceId !== request.apiKey.workspaceId) {
      throw notFound(rule.resource === 'project' ? 'Project' : 'Collection');
    }
  });
}
