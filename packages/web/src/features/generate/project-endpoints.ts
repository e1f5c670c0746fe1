import type {
  addSampleLayers,
  checkProjectFeasibility,
  checkProjectQuality,
  createProject,
  deleteProject,
  generateProject,
  getProject,
  importLayersZip,
  listProjects,
  updateProject,
  uploadOneOfOne,
  uploadTraits,
} from '@layerloom/api';
import type { EndpointRef } from '../../lib/api.ts';

// The project endpoints Generate NFT calls, by method and path: its first load carries no zod schema (the
// types still check each against the contract, and `call` never parses answers with the schema).

export const listProjectsEndpoint: EndpointRef<typeof listProjects> = {
  method: 'GET',
  path: '/api/v1/projects',
};
export const createProjectEndpoint: EndpointRef<typeof createProject> = {
  method: 'POST',
  path: '/api/v1/projects',
};
export const getProjectEndpoint: EndpointRef<typeof getProject> = {
  method: 'GET',
  path: '/api/v1/projects/:id',
};
export const updateProjectEndpoint: EndpointRef<typeof updateProject> = {
  method: 'PATCH',
  path: '/api/v1/projects/:id',
};
export const deleteProjectEndpoint: EndpointRef<typeof deleteProject> = {
  method: 'DELETE',
  path: '/api/v1/projects/:id',
};
export const feasibilityEndpoint: EndpointRef<typeof checkProjectFeasibility> = {
  method: 'GET',
  path: '/api/v1/projects/:id/feasibility',
};
export const qualityEndpoint: EndpointRef<typeof checkProjectQuality> = {
  method: 'GET',
  path: '/api/v1/projects/:id/quality',
};
export const uploadTraitsEndpoint: EndpointRef<typeof uploadTraits> = {
  method: 'POST',
  path: '/api/v1/projects/:id/layers/:layerId/traits',
};
export const uploadOneOfOneEndpoint: EndpointRef<typeof uploadOneOfOne> = {
  method: 'POST',
  path: '/api/v1/projects/:id/one-of-ones',
};
export const importLayersEndpoint: EndpointRef<typeof importLayersZip> = {
  method: 'POST',
  path: '/api/v1/projects/:id/import-layers',
};
export const sampleLayersEndpoint: EndpointRef<typeof addSampleLayers> = {
  method: 'POST',
  path: '/api/v1/projects/:id/sample-layers',
};
export const generateEndpoint: EndpointRef<typeof generateProject> = {
  method: 'POST',
  path: '/api/v1/projects/:id/generate',
};
