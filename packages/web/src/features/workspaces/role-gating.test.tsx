import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { standInResizeObserver } from '../../test/stand-ins.ts';
import type { WorkspaceAction } from './permissions.ts';
import { RoleNote } from './role-note.tsx';
import { usePermission, useWorkspace, WorkspaceProvider } from './workspace-context.tsx';

standInResizeObserver();

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const workspaces = [
  { id: 'me', name: 'Ada Lovelace', personal: true, role: 'owner', memberCount: 1, createdAt: '' },
  { id: 'w1', name: 'Moon Studio', personal: false, role: 'editor', memberCount: 3, createdAt: '' },
  { id: 'w2', name: 'Zebra Works', personal: false, role: 'viewer', memberCount: 2, createdAt: '' },
];

/** A control gated as every screen gates one: disabled, described by the reason beside it. */
function Gated({
  action,
  label,
  workspaceId,
}: {
  action: WorkspaceAction;
  label: string;
  workspaceId?: string;
}) {
  const allowed = usePermission(action, label.toLowerCase(), workspaceId);
  const noteId = `note-${label}`;
  return (
    <div>
      <Button disabled={!allowed.allowed} aria-describedby={allowed.allowed ? undefined : noteId}>
        {label}
      </Button>
      <RoleNote id={noteId} permission={allowed} />
    </div>
  );
}

function Header() {
  return <p>In the header: {useWorkspace().current.name}</p>;
}

function show(at: string, resourceWorkspace?: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'success', data: { workspaces } })),
  );
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <WorkspaceProvider>
            <Header />
            <Gated action="edit" label="Generating" workspaceId={resourceWorkspace} />
            <Gated action="launch" label="Deploying" workspaceId={resourceWorkspace} />
            <Gated action="move" label="Moving" workspaceId={resourceWorkspace} />
          </WorkspaceProvider>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('controls gated by the role', () => {
  it('keeps a Viewer’s controls visible but disabled, each described by the reason beside it', async () => {
    show('/dashboard/nft?workspace=w2');
    await screen.findByText(/You are a Viewer in Zebra Works: generating needs the Editor role/);
    for (const name of ['Generating', 'Deploying', 'Moving']) {
      expect(button(name)).toHaveProperty('disabled', true);
      const note = document.getElementById(button(name).getAttribute('aria-describedby') ?? '');
      expect(note?.textContent).toContain(`You are a Viewer in Zebra Works: ${name.toLowerCase()} needs`);
    }
  });

  it('lets an Editor generate, but not deploy or move', async () => {
    show('/dashboard/nft?workspace=w1');
    await screen.findByText(/You are an Editor in Moon Studio: deploying needs the Admin role or higher/);
    expect(button('Generating')).toHaveProperty('disabled', false);
    expect(button('Generating').getAttribute('aria-describedby')).toBeNull();
    expect(button('Deploying')).toHaveProperty('disabled', true);
    expect(button('Moving')).toHaveProperty('disabled', true);
    expect(screen.queryByText(/generating needs/)).toBeNull();
  });

  it('follows the role in the resource’s own workspace, not the one chosen in the header', async () => {
    // The header is on a team where the user is a Viewer; the collection is in their personal workspace.
    show('/dashboard/collections/c1?workspace=w2', 'me');
    await screen.findByText('In the header: Zebra Works');
    expect(button('Deploying')).toHaveProperty('disabled', false);
    expect(button('Generating')).toHaveProperty('disabled', false);
    expect(button('Moving')).toHaveProperty('disabled', false);
    expect(screen.queryByText(/You are a/)).toBeNull();
  });
});
