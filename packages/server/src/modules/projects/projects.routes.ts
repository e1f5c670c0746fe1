import multipart from '@fastify/multipart';
import {
  addSampleLayers,
  checkProjectFeasibility,
  countCombinations,
  createProject,
  deleteProject,
  getOneOfOneImage,
  getProject,
  getTraitImage,
  getTraitThumbnail,
  importLayersZip,
  listProjects,
  moveProject,
  previewProject,
  previewProjectGrid,
  updateProject,
  uploadOneOfOne,
  uploadTraits,
} from '@layerloom/api';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { projectPlan } from '../billing/workspace-plan.ts';
import { announceProjectSaved } from '../presence/project-saved.ts';
import { logProjectActivity } from '../review/resource-activity.ts';
import { moveProject as moveProjectTo } from './move-project.ts';
import { projectSummary, projectView, type StoredProject } from './project-document.ts';
import { checkOwnedProjectFeasibility } from './project-feasibility.ts';
import { updaterName } from './projects.repository.ts';
import * as projects from './projects.service.ts';
import { readUpload, readUploads } from './read-uploads.ts';
import { shorten } from './shorten.ts';
import { findTrait, traitThumbnail } from './trait-thumbnail.ts';

const MAX_FILES_PER_UPLOAD = 200;
const MAX_ZIP_BYTES = 500 * 1024 * 1024;

/** Projects: the Generate NFT set-up (settings, layers, traits, rules), uploads and previews. Owner only. */
export async function projectsRoutes(app: App): Promise<void> {
  await app.register(multipart, { limits: { files: MAX_FILES_PER_UPLOAD, fields: 10 } });
  const ctx = () => ({ db: app.database.db, blobs: app.blobs });
  // Before body validation, so a request without a session gets 401 whatever it sends.
  const guarded = { onRequest: requireUser };
  /** The project's view for an answer, which carries its version as the ETag (sent back as If-Match). */
  const answer = async (reply: FastifyReply, project: StoredProject) => {
    reply.header('etag', `"${project.version}"`);
    return projectView(project, await updaterName(app.database.db, project.updated_by));
  };

  app.get(
    listProjects.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary: "A workspace's projects (?workspace=<id>; left out: your personal workspace)",
        querystring: listProjects.querystring,
        response: { 200: listProjects.response },
      },
    },
    async (request) => {
      const list = await projects.listWorkspaceProjectsFor(
        ctx(),
        currentUser(request).id,
        request.query.workspace,
      );
      return { status: 'success' as const, data: { projects: list.map(projectSummary) } };
    },
  );

  app.post(
    createProject.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary:
          'Start a project (in workspaceId, for an Editor or above there; else your personal workspace)',
        body: createProject.body,
        response: { 201: createProject.response },
      },
    },
    async (request, reply) => {
      const project = await projects.createProject(ctx(), currentUser(request).id, request.body);
      return reply
        .code(201)
        .send({ status: 'success' as const, data: { project: await answer(reply, project) } });
    },
  );

  app.get(
    getProject.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary: 'One project',
        params: getProject.params,
        response: { 200: getProject.response },
      },
    },
    async (request, reply) => {
      const project = await projects.getProject(ctx(), currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { project: await answer(reply, project) } };
    },
  );

  app.patch(
    updateProject.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary:
          'Save changes (settings, ordered layers, traits, rules); with If-Match: "<version>" only onto that version (else 412)',
        params: updateProject.params,
        headers: updateProject.headers,
        body: updateProject.body,
        response: { 200: updateProject.response, 412: updateProject.preconditionFailedResponse },
      },
    },
    async (request, reply) => {
      const project = await projects.updateProject(
        ctx(),
        currentUser(request).id,
        request.params.id,
        request.body,
        ifMatchVersion(request.headers['if-match']),
      );
      await announceProjectSaved(app, currentUser(request).id, project.id, project.version);
      if (request.body.rules !== undefined)
        await logProjectActivity(
          app.database.db,
          app.log,
          request.params.id,
          currentUser(request).id,
          'rules.changed',
          {
            count: String(request.body.rules.length),
          },
        );
      return { status: 'success' as const, data: { project: await answer(reply, project) } };
    },
  );

  app.post(
    moveProject.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary:
          'Move a project and its collections to another workspace (Owner of both; not once a contract is deployed)',
        params: moveProject.params,
        body: moveProject.body,
        response: { 200: moveProject.response },
      },
    },
    async (request, reply) => {
      const { project, movedCollections } = await moveProjectTo(
        ctx(),
        currentUser(request).id,
        request.params.id,
        request.body.workspaceId,
      );
      return {
        status: 'success' as const,
        data: { project: await answer(reply, project), movedCollections },
      };
    },
  );

  app.delete(
    deleteProject.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary: 'Discard a project and its images',
        params: deleteProject.params,
        response: { 200: deleteProject.response },
      },
    },
    async (request) => {
      await projects.deleteProject(ctx(), currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { id: request.params.id } };
    },
  );

  app.post(
    uploadTraits.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary: 'Upload trait images to a layer (multipart field "files"; JPEG, PNG, GIF)',
        params: uploadTraits.params,
        response: { 201: uploadTraits.response },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const plan = await projectPlan(app.database.db, request.params.id);
      const files = await readUploads(request, {
        maxBytes: plan.maxUploadMb * 1024 * 1024,
        tooLarge: (filename) => `File size is too big: ${shorten(filename)} is over ${plan.maxUploadMb} MB`,
      });
      const { project, added } = await projects.addTraits(
        ctx(),
        user.id,
        request.params.id,
        request.params.layerId,
        files,
        plan,
      );
      await logProjectActivity(app.database.db, app.log, request.params.id, user.id, 'traits.uploaded', {
        layer: project.layers.find((layer) => layer.id === request.params.layerId)?.name ?? '',
        count: String(added.length),
      });
      return reply.code(201).send({
        status: 'success' as const,
        data: {
          project: await answer(reply, project),
          added: added.map(({ key: _key, ...trait }) => trait),
        },
      });
    },
  );

  app.post(
    uploadOneOfOne.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary: 'Upload a finished artwork as a 1-of-1 (multipart field "file"; a still image)',
        params: uploadOneOfOne.params,
        response: { 201: uploadOneOfOne.response },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const plan = await projectPlan(app.database.db, request.params.id);
      const file = await readUpload(request, {
        maxBytes: plan.maxUploadMb * 1024 * 1024,
        tooLarge: (filename) => `File size is too big: ${shorten(filename)} is over ${plan.maxUploadMb} MB`,
      });
      const { project, added } = await projects.addOneOfOne(ctx(), user.id, request.params.id, file, plan);
      const { key: _key, ...view } = added;
      return reply
        .code(201)
        .send({ status: 'success' as const, data: { project: await answer(reply, project), added: view } });
    },
  );

  app.get(
    getOneOfOneImage.path,
    {
      ...guarded,
      schema: { tags: ['projects'], summary: "A 1-of-1's artwork", params: getOneOfOneImage.params },
    },
    async (request, reply) => {
      const project = await projects.getProject(ctx(), currentUser(request).id, request.params.id);
      const oneOfOne = project.oneOfOnes.find((candidate) => candidate.id === request.params.oneOfOneId);
      if (!oneOfOne) throw notFound('1-of-1');
      return reply
        .header('content-type', oneOfOne.image.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(await app.blobs.get(oneOfOne.key));
    },
  );

  app.post(
    importLayersZip.path,
    {
      ...guarded,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['projects'],
        summary: 'Import a HashLips layers/ folder as a ZIP (multipart field "file")',
        params: importLayersZip.params,
        response: { 201: importLayersZip.response },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const upload = await readUpload(request, {
        maxBytes: MAX_ZIP_BYTES,
        tooLarge: (filename) =>
          `File size is too big: ${shorten(filename)} is over ${MAX_ZIP_BYTES / 1024 / 1024} MB`,
      });
      if (!upload || !/\.zip$/i.test(upload.filename)) {
        throw new AppError('BAD_REQUEST', 'Choose a .zip file of your layers folder', {
          fields: [{ path: 'file', message: 'Expected a .zip file' }],
        });
      }
      const project = await projects.importLayersZip(
        ctx(),
        user.id,
        request.params.id,
        upload.bytes,
        await projectPlan(app.database.db, request.params.id),
      );
      return reply
        .code(201)
        .send({ status: 'success' as const, data: { project: await answer(reply, project) } });
    },
  );

  app.post(
    addSampleLayers.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary: 'Start an empty project from sample layers and images',
        params: addSampleLayers.params,
        body: addSampleLayers.body,
        response: { 201: addSampleLayers.response },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await projects.addSampleLayers(
        ctx(),
        user.id,
        request.params.id,
        await projectPlan(app.database.db, request.params.id),
      );
      return reply
        .code(201)
        .send({ status: 'success' as const, data: { project: await answer(reply, project) } });
    },
  );

  app.get(
    getTraitImage.path,
    {
      ...guarded,
      schema: { tags: ['projects'], summary: 'An uploaded trait image', params: getTraitImage.params },
    },
    async (request, reply) => {
      const project = await projects.getProject(ctx(), currentUser(request).id, request.params.id);
      const trait = findTrait(project, request.params.traitId);
      return reply
        .header('content-type', trait.image.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(await app.blobs.get(trait.key));
    },
  );

  app.get(
    getTraitThumbnail.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary: "A PNG of a trait's first frame (the poster of an animation or video)",
        params: getTraitThumbnail.params,
      },
    },
    async (request, reply) => {
      const project = await projects.getProject(ctx(), currentUser(request).id, request.params.id);
      const trait = findTrait(project, request.params.traitId);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(await traitThumbnail(await app.blobs.getBuffer(trait.key), trait.image));
    },
  );

  app.get(
    countCombinations.path,
    {
      ...guarded,
      schema: {
        tags: ['projects'],
        summary: 'The exact number of valid combinations',
        params: countCombinations.params,
        response: { 200: countCombinations.response },
      },
    },
    async (request) => {
      const data = await projects.countProjectCombinations(ctx(), currentUser(request).id, request.params.id);
      return { status: 'success' as const, data };
    },
  );

  app.get(
    checkProjectFeasibility.path,
    {
      ...guarded,
      // Planning every token is CPU work: bounded per user like previews.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['projects'],
        summary:
          'Whether the saved project can be generated (counts, exact counts, rules), before any rendering',
        params: checkProjectFeasibility.params,
        response: { 200: checkProjectFeasibility.response },
      },
    },
    async (request) => {
      const data = await checkOwnedProjectFeasibility(ctx(), currentUser(request).id, request.params.id);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    previewProject.path,
    {
      ...guarded,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['projects'],
        summary: 'Render one combination (PNG, not stored)',
        params: previewProject.params,
        body: previewProject.body,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await projects.getProject(ctx(), user.id, request.params.id);
      const preview = await projects.previewProject(ctx(), project, {
        seed: request.body.seed,
        traits: request.body.traits,
        configuration: request.body.configuration,
        size: request.body.size,
        watermark: (await projectPlan(app.database.db, request.params.id)).watermark,
      });
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'no-store')
        .header('x-layerloom-attributes', encodeURIComponent(JSON.stringify(preview.attributes)))
        .send(Buffer.from(preview.png));
    },
  );

  app.post(
    previewProjectGrid.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['projects'],
        summary: 'Render several random combinations ("Preview All")',
        params: previewProjectGrid.params,
        body: previewProjectGrid.body,
        response: { 200: previewProjectGrid.response },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const project = await projects.getProject(ctx(), user.id, request.params.id);
      const base = request.body.seed ?? `${Date.now()}`;
      const { watermark } = await projectPlan(app.database.db, project.id);
      const previews = [];
      for (let index = 0; index < request.body.count; index++) {
        const preview = await projects.previewProject(ctx(), project, {
          seed: `${base}-${index}`,
          size: request.body.size,
          watermark,
        });
        previews.push({
          image: `data:image/png;base64,${Buffer.from(preview.png).toString('base64')}`,
          attributes: preview.attributes,
        });
      }
      return { status: 'success' as const, data: { previews } };
    },
  );
}

/**
 * The version an If-Match header names (`"3"`, also weak `W/"3"`), or undefined without one or for `*`
 * (any version): a 400 for anything else, so a malformed condition never saves unconditionally.
 */
export function ifMatchVersion(header: string | string[] | undefined): number | undefined {
  const value = (Array.isArray(header) ? header.join(',') : header)?.trim();
  if (value === undefined || value === '' || value === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,15})"$/.exec(value);
  if (!match) {
    throw new AppError(
      'BAD_REQUEST',
      'If-Match must be the ETag of the project as it was read, like "3" (with the quotes)',
      { fields: [{ path: 'If-Match', message: 'Expected one ETag such as "3"' }] },
    );
  }
  return Number(match[1]);
}
