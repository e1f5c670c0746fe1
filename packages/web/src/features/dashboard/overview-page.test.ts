import type { Collection } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { activeItem, navItems } from './nav-items.tsx';
import { collectionStats } from './overview-page.tsx';

function collection(status: Collection['progress']['status'], size: number, done: number): Collection {
  return {
    id: `${status}-${size}`,
    name: status,
    description: '',
    size,
    width: 512,
    height: 512,
    projectId: null,
    watermark: true,
    thumbnail: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    progress: { status, done, total: size, etaSeconds: null, error: null },
  };
}

describe('collectionStats', () => {
  it('counts collections, rendered tokens, running generations and ready ones', () => {
    const stats = collectionStats([
      collection('ready', 100, 100),
      collection('generating', 50, 20),
      collection('failed', 30, 7),
      collection('cancelled', 10, 0),
    ]);
    expect(stats).toEqual({ collections: 4, tokens: 127, generating: 1, ready: 1 });
  });

  it('is all zero without collections', () => {
    expect(collectionStats([])).toEqual({ collections: 0, tokens: 0, generating: 0, ready: 0 });
  });
});

describe('dashboard menu', () => {
  const user = {
    _id: 'u1',
    name: { first: 'Ada', last: 'Lovelace' },
    email: 'ada@example.com',
    avatar: null,
    role: 'user' as const,
    status: 'verified' as const,
    accountAccepted: { status: 'approved' as const, reason: 'OK' },
    planId: 'free' as const,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it("lists the pages in the spec's order, User Requests for admins only, and spells Generate NFT right", () => {
    expect(navItems(user).map((item) => item.label)).toEqual([
      'Dashboard',
      'Generate NFT',
      'My Collection',
      'Profile',
      'Messages',
      'Notifications',
      'Payment plans',
      'Teams',
      'Referrals',
      'Settings',
    ]);
    expect(navItems({ ...user, role: 'admin' }).map((item) => item.label)).toEqual([
      'Dashboard',
      'Generate NFT',
      'My Collection',
      'Profile',
      'Messages',
      'Notifications',
      'Payment plans',
      'Teams',
      'Referrals',
      'User Requests',
      'Settings',
    ]);
  });

  it('marks the entry a nested page belongs to', () => {
    const items = navItems(user);
    expect(activeItem(items, '/dashboard/collections/c1/tokens/3')?.label).toBe('My Collection');
    expect(activeItem(items, '/dashboard')?.label).toBe('Dashboard');
    expect(activeItem(items, '/dashboard/nft')?.label).toBe('Generate NFT');
    expect(activeItem(items, '/dashboard/payment-plans/test-checkout/co_1')?.label).toBe('Payment plans');
    expect(activeItem(items, '/dashboard/notifications')?.label).toBe('Notifications');
    expect(activeItem(items, '/dashboard/messages/conversation-1')?.label).toBe('Messages');
  });
});
