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
