import type { CommentThread as Thread } from '@layerloom/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { CommentThread, mentionedIds } from './comment-thread.tsx';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const thread: Thread = {
  comments: [
    {
      id: 'c1',
      token: 5,
      layer: null,
      trait: null,
      author: 'Vera Viewer',
      authorId: 'u-vera',
      body: 'The hat clips the ear',
      mentions: [],
      createdAt: '2026-11-27T10:00:00.000Z',
      canDelete: false,
    },
  ],
  members: [
    { userId: 'u-ada', name: 'Ada Admin' },
    { userId: 'u-vera', name: 'Vera Viewer' },
  ],
  canComment: true,
};

describe('CommentThread', () => {
  it('lists the thread and sends a new comment for the token, showing a refusal in words', async () => {
    let posts = 0;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts++;
        if (posts === 1)
          return Response.json(
            {
              status: 'error',
              error: { code: 'BAD_REQUEST', message: 'This collection has 4 tokens: there is no token #5.' },
            },
            { status: 400 },
          );
        return Response.json({ status: 'success', data: { comment: thread.comments[0] } }, { status: 201 });
      }
      return Response.json({ status: 'success', data: thread });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <Providers client={createQueryClient()}>
        <CommentThread
          resource={{ kind: 'collection', id: 'col1' }}
          target={{ token: 5 }}
          title="Comments on #5"
        />
      </Providers>,
    );
    expect(await screen.findByText('The hat clips the ear')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments on #5' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete the comment/ })).toBeNull();
    const box = screen.getByLabelText(/Add a comment/);
    fireEvent.change(box, { target: { value: 'Fixed in the next reroll' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This collection has 4 tokens: there is no token #5.',
    );
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/v1/collections/col1/comments');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      target: { token: 5 },
      body: 'Fixed in the next reroll',
      mentions: [],
    });
  });

  it('mentions only the members whose @name is still in the text', () => {
    const picked = new Map([
      ['u-ada', 'Ada Admin'],
      ['u-vera', 'Vera Viewer'],
    ]);
    expect(mentionedIds('@Ada Admin please look', picked)).toEqual(['u-ada']);
    expect(mentionedIds('nobody', picked)).toEqual([]);
  });
});
