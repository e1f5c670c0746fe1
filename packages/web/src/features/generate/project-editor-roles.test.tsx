import {
  DEFAULT_ANIMATION_SETTINGS,
  DEFAULT_METADATA_FORMAT_SETTINGS,
  type Project,
  planById,
  type ReviewComment,
} from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { standInResizeObserver } from '../../test/stand-ins.ts';
import { WorkspaceProvider } from '../workspaces/workspace-context.tsx';
import { ProjectEditor } from './project-editor.tsx';

standInResizeObserver();

const image = { contentType: 'image/png' as const, width: 64, height: 64, bytes: 900 };

/** A team's project: w1 is where the member is an Editor, w2 where they are a Viewer. */
function teamProject(workspaceId: string): Project {
  return {
    id: 'p1',
    workspaceId,
    name: 'Moon Cats',
    description: 'Cats',
    collectionSize: 20,
    width: 256,
    height: 256,
    rarityMode: 'weighted',
    seed: 'abc',
    layers: [
      {
        id: 'l1',
        name: 'Background',
        presence: 100,
        blend: 'normal',
        opacity: 1,
        traits: [
          { id: 't1', name: 'Blue', weight: 3, image },
          { id: 't2', name: 'Red', weight: 1, image },
        ],
      },
      {
        id: 'l2',
        name: 'Hat',
        presence: 50,
        blend: 'normal',
        opacity: 1,
        traits: [{ id: 't3', name: 'Cap', weight: 1, image }],
      },
    ],
    rules: [],
    configurations: [],
    oneOfOnes: [],
    animation: DEFAULT_ANIMATION_SETTINGS,
    metadata: DEFAULT_METADATA_FORMAT_SETTINGS,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    version: 1,
    updatedBy: null,
  };
}

const workspaces = [
  { id: 'me', name: 'Ada Lovelace', personal: true, role: 'owner', memberCount: 1, createdAt: '' },
  { id: 'w1', name: 'Moon Studio', personal: false, role: 'editor', memberCount: 3, createdAt: '' },
  { id: 'w2', name: 'Zebra Works', personal: false, role: 'viewer', memberCount: 2, createdAt: '' },
];

const comment = (id: string, layer: string, trait: string, body: string): ReviewComment => ({
  id,
  token: null,
  layer,
  trait,
  author: 'Eddie Editor',
  authorId: 'u-eddie',
  body,
  mentions: [],
  createdAt: '2026-11-27T10:00:00.000Z',
  canDelete: false,
});

/** The project's comments, as the server keeps them. */
let stored: ReviewComment[] = [];
/** Requests the editor made, as `METHOD url`, and the JSON bodies it sent. */
const requests: string[] = [];
const bodies: unknown[] = [];

beforeEach(() => {
  requests.length = 0;
  bodies.length = 0;
  stored = [comment('c1', 'Background', 'Blue', 'Bluer, please')];
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push(`${method} ${url}`);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      bodies.push(body);
      const ok = (data: unknown, status = 200) => Response.json({ status: 'success', data }, { status });
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === '/api/v1/workspaces') return ok({ workspaces });
      if (pathname === '/api/v1/projects/p1/comments' && method === 'POST') {
        const added = comment(`c${stored.length + 1}`, body.target.layer, body.target.trait, body.body);
        stored.push(added);
        return ok({ comment: added }, 201);
      }
      if (pathname === '/api/v1/projects/p1/comments') {
        const layer = searchParams.get('layer');
        const trait = searchParams.get('trait');
        const comments = stored.filter((item) => !layer || (item.layer === layer && item.trait === trait));
        return ok({ comments, members: [{ userId: 'u-eddie', name: 'Eddie Editor' }], canComment: true });
      }
      if (pathname.endsWith('/feasibility'))
        return ok({ count: '2', configurations: [], feasible: true, problem: null });
      if (pathname.endsWith('/quality')) return ok({ findings: [], analysed: 0, skipped: [] });
      if (pathname.endsWith('/presence')) return ok({ viewers: [] });
      if (pathname === '/api/v1/collections') return ok({ collections: [] });
      return ok({ project: teamProject('w2') });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderEditor(workspaceId: string, at = '/dashboard/nft?project=p1') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <WorkspaceProvider>
            <ProjectEditor
              project={teamProject(workspaceId)}
              plan={planById('free')}
              projects={[]}
              onSwitch={() => {}}
              onNew={() => {}}
              onDiscard={async () => {}}
              isSwitching={false}
            />
          </WorkspaceProvider>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

/** Writes sent about the project itself (saves), leaving out presence beats and comments. */
const projectWrites = () =>
  requests.filter((request) => !request.startsWith('GET ') && !/\/(presence|comments)(\?|$)/.test(request));

const disabled = (element: HTMLElement) => (element as HTMLInputElement | HTMLButtonElement).disabled;

// Ant Design's first render in jsdom is slow, and the selected layer's images load with their own code.
describe('the project editor by role', { timeout: 240_000 }, () => {
  it('shows a Viewer the project read only, with the reason, and sends no save even when a field changes', async () => {
    const view = renderEditor('w2');
    const notes = await screen.findAllByText(
      /^You are a Viewer in Zebra Works: you can read and comment, not edit\./,
    );
    expect(notes.length).toBeGreaterThan(0);
    expect(await screen.findByText('Images:2', undefined, { timeout: 30_000 })).toBeTruthy();
    // The layers' list may load with its own code too.
    await screen.findByLabelText('Presence of Hat (%)', undefined, { timeout: 30_000 });
    for (const label of ['Project Name', 'Project Description', 'Width', 'Height', 'New Layer'])
      expect(disabled(screen.getByLabelText(label)), label).toBe(true);
    for (const name of [
      'Add layer',
      'Move layer Background',
      'Settings of layer Background',
      'Delete layer Hat',
      'Delete trait Blue',
      'Generate',
      'Preview',
      'Preview All',
      'New project',
      'Discard',
    ])
      expect(disabled(screen.getByRole('button', { name })), name).toBe(true);
    expect(disabled(screen.getByLabelText('Presence of Hat (%)'))).toBe(true);
    expect(disabled(screen.getByLabelText('Name of trait Blue'))).toBe(true);
    expect(disabled(screen.getByLabelText('Weight of Blue'))).toBe(true);
    // No area to upload images to (nor to drop them on).
    expect(screen.queryByRole('button', { name: 'Upload images to layer Background' })).toBeNull();
    expect(document.querySelector('.ll-gen-area-layer input[type="file"]')).toBeNull();
    // Nothing to fix is offered to someone who cannot fix it.
    expect(screen.queryByRole('region', { name: 'Next step' })).toBeNull();
    // Reading stays open: another layer, the comments, Advanced (read only too).
    fireEvent.click(screen.getByRole('button', { name: /^Hat/ }));
    expect(await screen.findByRole('heading', { name: 'Layer: Hat' })).toBeTruthy();
    expect(disabled(await screen.findByRole('button', { name: 'Comments on trait Cap' }))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    const seed = await screen.findByLabelText('Seed', undefined, { timeout: 30_000 });
    expect(disabled(seed)).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Add configuration' }))).toBe(true);
    // A change that reaches a field anyway is not saved: leaving the editor sends what is unsaved, here nothing.
    fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'Mine now' } });
    fireEvent.change(seed, { target: { value: 'other' } });
    view.unmount();
    expect(projectWrites()).toEqual([]);
  });

  it('lets an Editor edit as before: fields enabled, no note, and a change saved', async () => {
    const view = renderEditor('w1');
    const name = screen.getByLabelText('Project Name');
    await waitFor(() => expect(disabled(name)).toBe(false));
    expect(disabled(screen.getByRole('button', { name: 'Add layer' }))).toBe(false);
    expect(screen.queryByText(/you can read and comment/)).toBeNull();
    fireEvent.change(name, { target: { value: 'Moon Cats II' } });
    view.unmount();
    expect(projectWrites()).toEqual(['PATCH /api/v1/projects/p1']);
  });

  it('opens a trait’s comments from its card: a Viewer reads the thread and adds a comment, counted on the card', async () => {
    const { router } = renderEditor('w2');
    const button = await screen.findByRole(
      'button',
      { name: 'Comments (1) on trait Blue' },
      { timeout: 30_000 },
    );
    expect(screen.getByRole('button', { name: 'Comments on trait Red' })).toBeTruthy();
    fireEvent.click(button);
    const drawer = await screen.findByRole(
      'dialog',
      { name: 'Comments on Background / Blue' },
      { timeout: 30_000 },
    );
    expect(await within(drawer).findByText('Bluer, please')).toBeTruthy();
    // The address names the trait, as a mention's link does.
    expect(router.state.location.search).toBe('?project=p1&layer=Background&trait=Blue');
    fireEvent.change(within(drawer).getByLabelText(/Add a comment/), { target: { value: 'Agreed' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Comment' }));
    expect(await within(drawer).findByText('Agreed')).toBeTruthy();
    // Sent: the box is empty again, and focused for the next one.
    await waitFor(() => expect(document.activeElement).toBe(within(drawer).getByLabelText(/Add a comment/)));
    const post = requests.indexOf('POST /api/v1/projects/p1/comments');
    expect(bodies[post]).toEqual({
      target: { layer: 'Background', trait: 'Blue' },
      body: 'Agreed',
      mentions: [],
    });
    expect(await screen.findByRole('button', { name: 'Comments (2) on trait Blue' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close the comments' }));
    await waitFor(() => expect(router.state.location.search).toBe('?project=p1'));
    expect(projectWrites()).toEqual([]);
  });

  it('opens the thread a mention’s link names, with its layer selected', async () => {
    stored.push(comment('c2', 'Hat', 'Cap', 'The cap is crooked'));
    renderEditor('w2', '/dashboard/nft?project=p1&layer=Hat&trait=Cap');
    const drawer = await screen.findByRole('dialog', { name: 'Comments on Hat / Cap' }, { timeout: 30_000 });
    expect(await within(drawer).findByText('The cap is crooked')).toBeTruthy();
    expect(within(drawer).queryByText('Bluer, please')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Layer: Hat' })).toBeTruthy();
  });
});
