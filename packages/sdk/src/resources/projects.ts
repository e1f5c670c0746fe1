import {
  type CreateProjectBody,
  checkProjectFeasibility,
  createProject,
  deleteProject,
  type Feasibility,
  getProject,
  importLayersZip,
  listProjects,
  type PreviewBodySchema,
  type Project,
  type ProjectSummary,
  previewProject,
  type Trait,
  type UpdateProjectBody,
  updateProject,
  uploadTraits,
} from '@layerloom/api';
import type { z } from 'zod';
import { LayerloomError } from '../errors.ts';
import { type FileSource, toNamedBlob } from '../file-source.ts';
import { zipLayersFolder } from '../layers-folder.ts';
import { fillPath, type Transport } from '../transport.ts';

/** Options of one preview render: seed, configuration, chosen traits per layer, size in pixels. */
export type PreviewOptions = z.input<typeof PreviewBodySchema>;

/** Where a layers import comes from: a folder path or a `.zip` path (Node), or a ZIP as a Blob or stream. */
export type LayersSource = FileSource;

/** Projects: the set-up of a collection (settings, layers, traits, rules), uploads and previews. */
export class Projects {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** Creates a project (needs the `generate` scope). */
  async create(body: CreateProjectBody, options?: { signal?: AbortSignal }): Promise<Project> {
    const data = await this.#transport.call(createProject, { body }, options?.signal);
    return data.project;
  }

  /** The key owner's projects, newest first. */
  async list(options?: { signal?: AbortSignal }): Promise<ProjectSummary[]> {
    return (await this.#transport.call(listProjects, {}, options?.signal)).projects;
  }

  /** One project with its layers, traits, rules and configurations. */
  async get(id: string, options?: { signal?: AbortSignal }): Promise<Project> {
    return (await this.#transport.call(getProject, { params: { id } }, options?.signal)).project;
  }

  /**
   * Changes a project: only the fields given (`layers` is the whole ordered list; layers left out are deleted). With `ifVersion` (the `version` of the project the change is based on) the save applies only
   * onto that version: if someone saved in between it throws `PreconditionFailedError` and writes nothing.
   * Without it the change is applied to whatever is current.
   */
  async update(
    id: string,
    body: UpdateProjectBody,
    options?: { ifVersion?: number; signal?: AbortSignal },
  ): Promise<Project> {
    const headers = options?.ifVersion === undefined ? undefined : { 'if-match': `"${options.ifVersion}"` };
    return (await this.#transport.call(updateProject, { params: { id }, body, headers }, options?.signal))
      .project;
  }

  /** Deletes a project and its uploads (its collections stay). */
  async delete(id: string, options?: { signal?: AbortSignal }): Promise<void> {
    await this.#transport.call(deleteProject, { params: { id } }, options?.signal);
  }

  /** Whether the project can be generated as it stands, and if not, why and what to change. */
  async feasibility(id: string, options?: { signal?: AbortSignal }): Promise<Feasibility> {
    return this.#transport.call(checkProjectFeasibility, { params: { id } }, options?.signal);
  }

  /**
   * Adds trait images to a layer: paths (Node), Blobs/Files or named bytes or streams. A trait's name and
   * weight come from its file name (`Blue Eyes#20.png`).
   */
  async uploadTraits(
    id: string,
    layerId: string,
    files: readonly FileSource[],
    options?: { signal?: AbortSignal },
  ): Promise<{ project: Project; added: Trait[] }> {
    if (files.length === 0) throw new LayerloomError('Choose at least one image to upload');
    const form = new FormData();
    for (const [index, file] of files.entries()) {
      const { name, blob } = await toNamedBlob(file, `trait-${index + 1}.png`);
      form.append('files', blob, name);
    }
    return this.#transport.json(
      {
        method: 'POST',
        path: fillPath(uploadTraits.path, { id, layerId }),
        body: form,
        signal: options?.signal,
      },
      uploadTraits.response,
    );
  }

  /**
   * Imports a HashLips `layers/` folder into an empty project: one layer per sub-folder, one trait per
   * image, weights from `Name#weight.png`. Takes a folder or `.zip` path (Node), or a ZIP Blob or stream.
   */
  async importLayers(id: string, source: LayersSource, options?: { signal?: AbortSignal }): Promise<Project> {
    const zip = await layersZip(source);
    const form = new FormData();
    form.append('file', zip.blob, zip.name);
    const data = await this.#transport.json<{ project: Project }>(
      {
        method: 'POST',
        path: fillPath(importLayersZip.path, { id }),
        body: form,
        signal: options?.signal,
      },
      importLayersZip.response,
    );
    return data.project;
  }

  /** Renders one combination (not stored) and resolves with the PNG. */
  async preview(id: string, body: PreviewOptions = {}, options?: { signal?: AbortSignal }): Promise<Blob> {
    const response = await this.#transport.send({
      method: 'POST',
      path: fillPath(previewProject.path, { id }),
      headers: { 'content-type': 'application/json', accept: 'image/png' },
      body: JSON.stringify(body),
      signal: options?.signal,
    });
    return response.blob();
  }
}

async function layersZip(source: LayersSource): Promise<{ name: string; blob: Blob }> {
  if (typeof source === 'string' && !/\.zip$/i.test(source)) {
    const { stat } = await import('node:fs/promises');
    const info = await stat(source).catch(() => undefined);
    if (info?.isDirectory()) return { name: 'layers.zip', blob: await zipLayersFolder(source) };
  }
  const file = await toNamedBlob(source, 'layers.zip');
  return { name: /\.zip$/i.test(file.name) ? file.name : `${file.name}.zip`, blob: file.blob };
}
