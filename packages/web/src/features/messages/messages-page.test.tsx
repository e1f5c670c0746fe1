import type { Conversation, Message } from '@layerloom/api';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { FakeEventSource, standInResizeObserver } from '../../test/stand-ins.ts';
import { groupByDay } from './message-days.ts';
import { linkParts } from './message-text.tsx';
import { MessagesPage } from './messages-page.tsx';

standInResizeObserver();

afterEach(() => {
  vi.unstubAllGlobals();
});

const conversation: Conversation = {
  id: '6f1c2b1e-4a53-4c1e-9d1c-0b7c1d2e3f40',
  kind: 'direct',
  counterpart: { kind: 'user', id: 'u-bob', name: 'Bob Stone', email: 'bob@example.com' },
  subject: null,
  lastMessage: { preview: 'See you', at: new Date().toISOString(), mine: false, hasImage: false },
  unread: 2,
  blocked: false,
  asSupport: false,
  createdAt: new Date().toISOString(),
};

const message = (over: Partial<Message>): Message => ({
  id: 'm1',
  conversationId: conversation.id,
  sender: { kind: 'user', name: 'Bob Stone' },
  mine: false,
  body: 'Hello',
  image: null,
  read: false,
  createdAt: new Date().toISOString(),
  ...over,
});

function show(state: { messages: Message[]; unread: number }) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    const ok = (data: unknown) => Response.json({ status: 'success', data });
    if (path === '/api/v1/session') return ok({ user: null });
    if (path.endsWith('/read')) {
      state.unread = 0;
      return ok({ unread: 0 });
    }
    if (path.endsWith('/messages') && init?.method === 'POST') {
      const { body } = JSON.parse(String(init.body));
      const sent = message({
        id: `m${state.messages.length + 1}`,
        body,
        mine: true,
        sender: { kind: 'user', name: 'Ada' },
      });
      state.messages.push(sent);
      return Response.json({ status: 'success', data: { message: sent } }, { status: 201 });
    }
    if (path.includes('/messages')) return ok({ messages: state.messages, hasMore: false });
    const current = { ...conversation, unread: state.unread };
    if (path.startsWith('/api/v1/conversations?') || path === '/api/v1/conversations') {
      return ok({ conversations: [current], unread: state.unread });
    }
    return ok({ conversation: current });
  });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('EventSource', FakeEventSource);
  const router = createMemoryRouter(
    [{ path: '/dashboard/messages/:conversationId?', element: <MessagesPage /> }],
    { initialEntries: [`/dashboard/messages/${conversation.id}`] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return fetch;
}

describe('the Messages page', () => {
  it('lists the conversation with its unread count, shows the chat as text with links, marks it read and sends with Enter', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const state = {
      unread: 2,
      messages: [
        message({ id: 'm1', body: 'Older one', createdAt: yesterday }),
        message({ id: 'm2', body: '<img src=x onerror=alert(1)> see https://example.com/a.' }),
      ],
    };
    const fetch = show(state);
    const list = await screen.findByRole('region', { name: 'Conversations' }, { timeout: 10_000 });
    await within(list).findByText('Bob Stone');
    const chat = screen.getByRole('region', { name: 'Conversation with Bob Stone' });
    await within(chat).findByText('Older one');
    // Day separators, and the markup shown as the text it is, the link clickable.
    expect(within(chat).getByRole('heading', { name: 'Yesterday' })).toBeTruthy();
    expect(within(chat).getByRole('heading', { name: 'Today' })).toBeTruthy();
    expect(chat.querySelector('.ll-chat__text img')).toBeNull();
    expect(within(chat).getByText('<img src=x onerror=alert(1)> see')).toBeTruthy();
    expect(within(chat).getByRole('link', { name: 'https://example.com/a' }).getAttribute('href')).toBe(
      'https://example.com/a',
    );
    // Opening the chat marked it read.
    await vi.waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => String(url).endsWith('/read') && init?.method === 'POST'),
      ).toBe(true),
    );

    const input = within(chat).getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'Line one' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    const posts = () =>
      fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/messages') && init?.method === 'POST');
    expect(posts()).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ body: 'Line one' });
    await within(chat).findByText('Line one');
    expect(within(chat).getAllByText('Sent').length).toBeGreaterThan(0);

    // A message arriving live is fetched and shown.
    state.messages.push(message({ id: 'm9', body: 'Live from Bob' }));
    FakeEventSource.last?.emit('message', { conversationId: conversation.id });
    await within(chat).findByText('Live from Bob');
  });
});

describe('the Messages page for an admin', () => {
  const admin = {
    _id: 'u-admin',
    name: { first: 'Ann', last: 'Admin' },
    email: 'ann@example.com',
    avatar: null,
    role: 'admin',
    status: 'verified',
    accountAccepted: { status: 'approved', reason: null },
    planId: 'free',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const thread: Conversation = {
    ...conversation,
    id: '7a2d3c4e-5b6f-4d7e-8f90-a1b2c3d4e5f6',
    kind: 'support',
    counterpart: { kind: 'visitor', id: null, name: 'Vera Visitor', email: 'vera@example.com' },
    subject: 'School plans',
    unread: 3,
    asSupport: true,
  };

  function showAdmin(at: string) {
    const ok = (data: unknown) => Response.json({ status: 'success', data });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url);
        if (path === '/api/v1/session') return ok({ user: admin });
        if (path.endsWith('/read')) return ok({ unread: 0 });
        if (path.includes('/messages')) return ok({ messages: [], hasMore: false });
        if (path.startsWith('/api/v1/conversations?box=support')) {
          return ok({ conversations: [thread], unread: 3 });
        }
        if (path.startsWith('/api/v1/conversations?'))
          return ok({ conversations: [conversation], unread: 2 });
        return ok({ conversation: thread });
      }),
    );
    vi.stubGlobal('EventSource', FakeEventSource);
    const router = createMemoryRouter(
      [{ path: '/dashboard/messages/:conversationId?', element: <MessagesPage /> }],
      { initialEntries: [at] },
    );
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    return router;
  }

  it('shows each box its own unread count, and keeps the inbox tab for a support thread opened by its address', async () => {
    // A notification's link: the thread's address without ?box=support.
    const router = showAdmin(`/dashboard/messages/${thread.id}`);
    const tabs = await screen.findByRole('radiogroup', { name: 'Which messages' }, { timeout: 10_000 });
    await within(tabs).findByText('3');
    const mine = within(tabs).getByRole('radio', { name: 'My messages 2 unread' });
    const support = within(tabs).getByRole('radio', { name: 'Support inbox 3 unread' });
    await vi.waitFor(() => expect((support as HTMLInputElement).checked).toBe(true));
    expect((mine as HTMLInputElement).checked).toBe(false);
    const list = screen.getByRole('region', { name: 'Conversations' });
    expect(await within(list).findByText('Vera Visitor')).toBeTruthy();

    // Choosing My messages closes the inbox's thread and shows the admin's own list.
    fireEvent.click(mine);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages'));
    expect(await within(list).findByText('Bob Stone')).toBeTruthy();
    expect((within(tabs).getByRole('radio', { name: /My messages/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('message text', () => {
  it('makes http(s) links clickable without the sentence’s punctuation and keeps everything else as text', () => {
    expect(linkParts('Look: https://x.io/a?b=1, then <b>x</b> (http://y.io).')).toEqual([
      { kind: 'text', text: 'Look: ' },
      { kind: 'link', text: 'https://x.io/a?b=1', href: 'https://x.io/a?b=1' },
      { kind: 'text', text: ', then <b>x</b> (' },
      { kind: 'link', text: 'http://y.io', href: 'http://y.io' },
      { kind: 'text', text: ').' },
    ]);
    expect(linkParts('javascript:alert(1) and ftp://z')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) and ftp://z' },
    ]);
  });

  it('groups messages by day with Today, Yesterday and dates', () => {
    const today = new Date('2026-11-27T12:00:00');
    const at = (iso: string) => message({ id: iso, createdAt: new Date(iso).toISOString() });
    const days = groupByDay(
      [
        at('2025-12-31T10:00:00'),
        at('2026-11-20T09:00:00'),
        at('2026-11-26T23:00:00'),
        at('2026-11-27T08:00:00'),
        at('2026-11-27T09:00:00'),
      ],
      today,
    );
    expect(days.map((day) => [day.label, day.messages.length])).toEqual([
      [expect.stringMatching(/^Wednesday,? 31 December 2025$/), 1],
      ['Friday 20 November', 1],
      ['Yesterday', 1],
      ['Today', 2],
    ]);
  });
});
