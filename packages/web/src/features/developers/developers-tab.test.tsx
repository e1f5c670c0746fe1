import type { ApiKey, ApiKeyUse, WebhookDelivery, WebhookEndpoint } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { WorkspaceProvider } from '../workspaces/workspace-context.tsx';
import { DevelopersTab } from './developers-tab.tsx';
import { expiresAtFor } from './expiry.ts';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const SECRET = 'll_live_AbCdEfGh0123456789abcdefghijklmnopqrstuvwxyz_';

const ciKey: ApiKey = {
  id: 'k-ci',
  name: 'CI pipeline',
  prefix: 'll_live_Zx12Yw34',
  scopes: ['read', 'generate'],
  status: 'active',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-24T09:30:00.000Z',
  expiresAt: null,
  revokedAt: null,
  workspaceId: 'wsp_me',
  createdBy: { id: 'me', name: 'Ada Lovelace' },
};
const use: ApiKeyUse = {
  method: 'GET',
  route: '/api/v1/collections/:id',
  statusCode: 200,
  ip: '203.0.113.7',
  at: '2026-11-24T09:30:00.000Z',
};

const HOOK_SECRET = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTI=';
const hook: WebhookEndpoint = {
  id: 'h-1',
  url: 'https://example.com/hooks',
  events: ['generation.finished'],
  enabled: true,
  disabledReason: null,
  secretPrefix: 'whsec_c2Vj',
  failureStreak: 0,
  createdAt: '2026-11-25T04:00:00.000Z',
  workspaceId: 'wsp_me',
};
const delivery: WebhookDelivery = {
  id: 'msg_1',
  eventType: 'webhook.test',
  status: 'succeeded',
  attempts: 1,
  responseStatus: 200,
  durationMs: 42,
  error: null,
  createdAt: '2026-11-25T04:01:00.000Z',
  lastAttemptAt: '2026-11-25T04:01:00.000Z',
  nextAttemptAt: null,
};

type Call = { method: string; url: string; body: unknown };

/** The list item of a key, once the list shows it (found by its name: role queries are slow on a busy machine). */
async function keyItem(name: string): Promise<HTMLElement> {
  const title = await screen.findByText(name, { selector: '.lldev-item__name' }, { timeout: 5000 });
  return title.closest('li') as HTMLElement;
}

/** Shows the tab against a stand-in server holding `ciKey`; `onCreate` answers the create request. */
function show(onCreate: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  let keys: ApiKey[] = [ciKey];
  let endpoints: WebhookEndpoint[] = [];
  let deliveries: WebhookDelivery[] = [];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/api-keys' && method === 'GET')
        return Response.json({ status: 'success', data: { keys } });
      if (url === '/api/v1/api-keys' && method === 'POST') {
        const answer = onCreate(body);
        if (answer.status === 201) keys = [(answer.body as { data: { key: ApiKey } }).data.key, ...keys];
        return Response.json(answer.body, { status: answer.status });
      }
      if (url === '/api/v1/api-keys/k-ci' && method === 'DELETE') {
        keys = keys.map((key) =>
          key.id === 'k-ci' ? { ...key, status: 'revoked', revokedAt: '2026-11-25T04:00:00.000Z' } : key,
        );
        return Response.json({ status: 'success', data: { key: keys.find((key) => key.id === 'k-ci') } });
      }
      if (url === '/api/v1/api-keys/k-ci/uses')
        return Response.json({ status: 'success', data: { uses: [use] } });
      if (url === '/api/v1/webhooks' && method === 'GET') {
        return Response.json({ status: 'success', data: { endpoints } });
      }
      if (url === '/api/v1/webhooks' && method === 'POST') {
        endpoints = [{ ...hook, url: body.url, events: body.events }];
        return Response.json(
          { status: 'success', data: { endpoint: endpoints[0], secret: HOOK_SECRET } },
          { status: 201 },
        );
      }
      if (url === '/api/v1/webhooks/h-1/test' && method === 'POST') {
        deliveries = [delivery];
        return Response.json({ status: 'success', data: { delivery } }, { status: 202 });
      }
      if (url === '/api/v1/webhooks/h-1/deliveries')
        return Response.json({ status: 'success', data: { deliveries } });
      return Response.json(
        { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
        { status: 404 },
      );
    }),
  );
  render(
    <Providers client={createQueryClient()}>
      <DevelopersTab />
    </Providers>,
  );
  return calls;
}

describe('expiresAtFor', () => {
  it('counts the chosen days from now, and never expires for "Never"', () => {
    const now = Date.parse('2026-11-25T00:00:00.000Z');
    expect(expiresAtFor('never', now)).toBeNull();
    expect(expiresAtFor('30', now)).toBe('2026-12-25T00:00:00.000Z');
  });
});

describe('Settings › Developers', () => {
  it("shows the SDK and CLI quick start pointed at this server's address", async () => {
    show(() => ({ status: 500, body: {} }));
    const code = await screen.findByLabelText('SDK quick start code');
    expect(code.textContent).toContain("import { Layerloom } from '@layerloom/sdk';");
    expect(code.textContent).toContain(`baseUrl: '${window.location.origin}'`);
    expect(code.textContent).toContain('layerloom.collections.progress(collection.id)');
    expect(screen.getByLabelText('CLI commands').textContent).toContain(
      `npx layerloom login --url ${window.location.origin}`,
    );
  });

  it('lists each key with its prefix, scopes, last use and expiry, never a secret', async () => {
    show(() => ({ status: 500, body: {} }));
    const item = await keyItem('CI pipeline');
    expect(within(item).getByText('ll_live_Zx12Yw34…')).toBeTruthy();
    expect(within(item).getByText('Read')).toBeTruthy();
    expect(within(item).getByText('Generate')).toBeTruthy();
    expect(within(item).getByText('Active')).toBeTruthy();
    expect(within(item).getByText('Never')).toBeTruthy(); // no expiry
  });

  it('creates a key with the chosen scopes and shows its secret once', async () => {
    const calls = show((body) => ({
      status: 201,
      body: {
        status: 'success',
        data: {
          key: {
            ...ciKey,
            id: 'k-new',
            name: String(body.name),
            prefix: SECRET.slice(0, 16),
            lastUsedAt: null,
          },
          secret: SECRET,
        },
      },
    }));
    await keyItem('CI pipeline');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Release bot' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Publish/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByTestId('new-api-key')).toHaveProperty('textContent', SECRET);
    expect(screen.getByText(/Copy it now: it will not be shown again/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Release bot',
      scopes: ['read', 'publish'],
      expiresAt: null,
    });
    expect(await keyItem('Release bot')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByTestId('new-api-key')).toBeNull());
    expect(screen.getByRole('button', { name: 'Create key' })).toBeTruthy();
  });

  it('never ticks the Webhooks scope by default, and warns while it is ticked', async () => {
    const calls = show(() => ({ status: 500, body: {} }));
    await keyItem('CI pipeline');
    const webhooks = screen.getByRole('checkbox', { name: /Webhooks/ }) as HTMLInputElement;
    expect(webhooks.checked).toBe(false);
    expect(screen.queryByTestId('scope-warning-webhooks')).toBeNull();
    fireEvent.click(webhooks);
    expect((await screen.findByTestId('scope-warning-webhooks')).textContent).toContain(
      'can send your account’s events (collections, deployments, mints) to any address',
    );
    fireEvent.click(webhooks);
    await waitFor(() => expect(screen.queryByTestId('scope-warning-webhooks')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's field message when the key is refused", async () => {
    show(() => ({
      status: 400,
      body: {
        status: 'error',
        error: {
          code: 'VALIDATION_FAILED',
          message: 'expiresAt: The expiry must be in the future',
          fields: [{ path: 'expiresAt', message: 'The expiry must be in the future' }],
        },
      },
    }));
    await keyItem('CI pipeline');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('The expiry must be in the future')).toBeTruthy();
    expect(screen.queryByTestId('new-api-key')).toBeNull();
  });

  it('requires a name and at least one scope before asking the server', async () => {
    const calls = show(() => ({ status: 500, body: {} }));
    await keyItem('CI pipeline');
    fireEvent.click(screen.getByRole('checkbox', { name: /Read/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Give the key a name')).toBeTruthy();
    expect(await screen.findByText('Choose at least one scope')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows a key's recent requests and revokes it", async () => {
    const calls = show(() => ({ status: 500, body: {} }));
    const item = await keyItem('CI pipeline');
    fireEvent.click(within(item).getByRole('button', { name: 'Recent requests' }));
    expect(await within(item).findByText('GET /api/v1/collections/:id')).toBeTruthy();
    expect(within(item).getByText('203.0.113.7')).toBeTruthy();

    fireEvent.click(within(item).getByRole('button', { name: 'Revoke CI pipeline' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(item).getByText('Revoked', { selector: '.ant-tag' })).toBeTruthy());
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v1/api-keys/k-ci')).toBe(true);
    expect(within(item).queryByRole('button', { name: 'Revoke CI pipeline' })).toBeNull();
  });

  it('adds a webhook endpoint, shows its secret once, sends a test event and shows the delivery', async () => {
    const calls = show(() => ({ status: 500, body: {} }));
    await screen.findByText('No webhook endpoints yet.', {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Endpoint URL'), {
      target: { value: 'https://example.com/hooks' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByTestId('new-webhook-secret', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      HOOK_SECRET,
    );
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/v1/webhooks')?.body).toEqual({
      url: 'https://example.com/hooks',
      events: ['generation.finished'],
    });
    const item = (
      await screen.findByText('https://example.com/hooks', { selector: '.lldev-item__name' })
    ).closest('li') as HTMLElement;
    fireEvent.click(within(item).getByRole('button', { name: 'Send test event' }));
    expect(await within(item).findByText('webhook.test', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(item).getByText('Delivered')).toBeTruthy();
    expect(within(item).getByText('42 ms')).toBeTruthy();
  });
});

describe('Settings › Developers in a team workspace', () => {
  const workspaces = [
    { id: 'wsp_me', name: 'Personal', personal: true, role: 'owner', memberCount: 1, createdAt: '' },
    { id: 'w1', name: 'Moon Studio', personal: false, role: 'admin', memberCount: 3, createdAt: '' },
    { id: 'w2', name: 'Zebra Works', personal: false, role: 'editor', memberCount: 2, createdAt: '' },
  ];
  const teamKey: ApiKey = { ...ciKey, workspaceId: 'w1', createdBy: { id: null, name: 'A former member' } };

  function showIn(workspace: string) {
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/v1/workspaces') return Response.json({ status: 'success', data: { workspaces } });
        if (url === '/api/v1/api-keys?workspace=w1')
          return Response.json({ status: 'success', data: { keys: [teamKey] } });
        if (url === '/api/v1/webhooks?workspace=w1')
          return Response.json({ status: 'success', data: { endpoints: [] } });
        if (url === '/api/v1/api-keys' && method === 'POST') {
          return Response.json(
            {
              status: 'success',
              data: { key: { ...teamKey, id: 'k-new', name: 'Deploy bot' }, secret: SECRET },
            },
            { status: 201 },
          );
        }
        return Response.json(
          { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
          { status: 404 },
        );
      }),
    );
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <WorkspaceProvider>
              <DevelopersTab />
            </WorkspaceProvider>
          ),
        },
      ],
      { initialEntries: [`/dashboard/settings?tab=developers&workspace=${workspace}`] },
    );
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    return calls;
  }

  afterEach(() => window.localStorage.clear());

  it("lists the team's keys with who made each, and makes new ones in the team", async () => {
    const calls = showIn('w1');
    expect(await screen.findByRole('heading', { name: 'API keys of Moon Studio' })).toBeTruthy();
    const item = await keyItem('CI pipeline');
    expect(within(item).getByText('Made by').nextElementSibling?.textContent).toBe('A former member');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Deploy bot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByText(SECRET, {}, { timeout: 5000 });
    expect(
      calls.find((call) => call.method === 'POST' && call.url === '/api/v1/api-keys')?.body,
    ).toMatchObject({
      name: 'Deploy bot',
      workspaceId: 'w1',
    });
  });

  it('tells an Editor why the team’s keys and webhooks are not theirs to manage, and asks for none', async () => {
    const calls = showIn('w2');
    expect(
      await screen.findByText(
        /You are an Editor in Zebra Works: managing this workspace's API keys and webhooks needs the Admin role or higher/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(screen.queryByText('Webhooks')).toBeNull();
    expect(
      calls.some(
        (call) => call.url.startsWith('/api/v1/api-keys') || call.url.startsWith('/api/v1/webhooks'),
      ),
    ).toBe(false);
  });
});
