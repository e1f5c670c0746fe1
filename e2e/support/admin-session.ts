import type { Browser, BrowserContext } from 'playwright-core';
import { type RunningApp, startApp } from './app.ts';
import {
  launchBrowser,
  type OpenedPage,
  openPage,
  sameOrigin,
  signIn,
  testAdmin,
  type ViewportName,
} from './browser.ts';

/** The built app (with the test admin, plus `env`) and Chromium, started side by side. */
export interface AdminSession {
  app: RunningApp;
  browser: Browser;
  /** A page at `viewport`, signed in as the test admin. */
  signedIn: (viewport: ViewportName) => Promise<OpenedPage>;
  /** Closes the browser and the app. */
  stop: () => Promise<void>;
}

/** Starts the app and the browser for specs that work as the test admin. */
export async function startAdminSession(env: Record<string, string> = {}): Promise<AdminSession> {
  const [app, browser] = await Promise.all([
    startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password, ...env }),
    launchBrowser(),
  ]);
  return {
    app,
    browser,
    signedIn: async (viewport) => {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      return opened;
    },
    stop: async () => {
      await browser.close();
      await app.stop();
    },
  };
}

/** Uploads one PNG as a trait of a project's layer, as the app's upload does. */
export async function uploadTrait(
  context: BrowserContext,
  projectId: string,
  layerId: string,
  file: { filename: string; bytes: Buffer },
): Promise<void> {
  const response = await context.request.post(`/api/v1/projects/${projectId}/layers/${layerId}/traits`, {
    headers: sameOrigin(context),
    multipart: { files: { name: file.filename, mimeType: 'image/png', buffer: file.bytes } },
  });
  if (response.status() !== 201) throw new Error(`upload ${file.filename}: ${await response.text()}`);
}
