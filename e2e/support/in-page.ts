import type { Page } from 'playwright-core';

/**
 * Calls the API from inside the app's page, as its own scripts do (same origin, the session cookie,
 * the browser's Origin header); answers the status and the JSON body.
 */
export function callInPage(page: Page, path: string, method = 'GET', body?: unknown) {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(path, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json() };
    },
    { path, method, body },
  );
}

/**
 * Starts a collection from the sample layers as the page's signed-in user (a project of `size` tokens
 * at 128²), through the same calls the app makes; answers the collection's id while it generates.
 */
export async function startSampleCollection(
  page: Page,
  project: { name: string; description: string; size: number },
): Promise<string> {
  const created = await callInPage(page, '/api/v1/projects', 'POST', {
    name: project.name,
    description: project.description,
    collectionSize: project.size,
    width: 128,
    height: 128,
  });
  if (created.status !== 201) throw new Error(`create project: ${JSON.stringify(created.json)}`);
  const projectId: string = created.json.data.project.id;
  const sampled = await callInPage(page, `/api/v1/projects/${projectId}/sample-layers`, 'POST', {});
  if (sampled.status !== 201) throw new Error(`sample layers: ${JSON.stringify(sampled.json)}`);
  const generated = await callInPage(page, `/api/v1/projects/${projectId}/generate`, 'POST');
  if (generated.status !== 202) throw new Error(`generate: ${JSON.stringify(generated.json)}`);
  return generated.json.data.collection.id;
}

/** Waits until the collection is ready (outside a test, where expect.poll cannot run). */
export async function waitUntilReady(page: Page, collectionId: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { json } = await callInPage(page, `/api/v1/collections/${collectionId}`);
    if (json.data.collection.progress.status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The collection did not finish generating');
}
