import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AmendTools } from './amend-tools.tsx';

function atWidth(phone: boolean) {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: phone && query.includes('max-width'),
  }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

const panel = <section aria-label="Grow the collection">Grow form</section>;

describe('the collection tools', () => {
  it('are shown as they are on a wide screen', () => {
    atWidth(false);
    render(<AmendTools choosing={false}>{panel}</AmendTools>);
    expect(screen.getByRole('region', { name: 'Grow the collection' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show the tools' })).toBeNull();
  });

  it('start folded on a phone, open and fold again on request', () => {
    atWidth(true);
    render(<AmendTools choosing={false}>{panel}</AmendTools>);
    expect(screen.queryByRole('region', { name: 'Grow the collection' })).toBeNull();
    const show = screen.getByRole('button', { name: 'Show the tools' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(screen.getByRole('region', { name: 'Grow the collection' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide the tools' }));
    expect(screen.queryByRole('region', { name: 'Grow the collection' })).toBeNull();
  });

  it('stay open on a phone while a reroll chooses tokens in the gallery', () => {
    atWidth(true);
    render(<AmendTools choosing>{panel}</AmendTools>);
    expect(screen.getByRole('region', { name: 'Grow the collection' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /the tools/ })).toBeNull();
  });
});
