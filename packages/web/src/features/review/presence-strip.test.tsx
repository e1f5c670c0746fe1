import type { ProjectViewer } from '@layerloom/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialsOf, namesSentence, PresenceStrip } from './presence-strip.tsx';

// jsdom has no ResizeObserver, which the avatars read to fit their initials; nothing here depends on sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const viewer = (name: string, you = false, role: ProjectViewer['role'] = 'editor'): ProjectViewer => ({
  userId: name,
  name,
  role,
  since: '2026-11-27T10:00:00.000Z',
  you,
});

describe('PresenceStrip', () => {
  it('shows nothing while you are the only one with the project open', () => {
    const { container } = render(<PresenceStrip viewers={[viewer('Olive Owner', true)]} />);
    expect(container.textContent).toBe('');
  });

  it('names the others with their initials, and says they are editing now', () => {
    render(
      <PresenceStrip
        viewers={[viewer('Olive Owner', true), viewer('Ada Admin', false, 'admin'), viewer('Vera Viewer')]}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Ada Admin and Vera Viewer are editing now');
    expect(screen.getByRole('region', { name: 'Who else has this project open' }).textContent).toContain(
      'AA',
    );
    expect(screen.queryByText('OO')).toBeNull();
  });

  it('words one other and many others right', () => {
    render(<PresenceStrip viewers={[viewer('Eddie Editor')]} />);
    expect(screen.getByRole('status').textContent).toBe('Eddie Editor is editing now');
    expect(namesSentence(['A', 'B', 'C'])).toBe('A, B and 1 other');
    expect(namesSentence(['A', 'B', 'C', 'D'])).toBe('A, B and 2 others');
    expect(initialsOf('Ada Byron Lovelace')).toBe('AL');
    expect(initialsOf('cher')).toBe('C');
  });
});
