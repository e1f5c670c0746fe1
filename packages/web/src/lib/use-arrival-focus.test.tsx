import { render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { arrivalFocus, useArrivalFocus } from './use-arrival-focus.ts';

function Page({ isRendered }: { isRendered: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading, isRendered);
  return (
    <h1 ref={heading} tabIndex={-1}>
      Moon Cats
    </h1>
  );
}

const open = (state: unknown, isRendered = true) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/dashboard/collections/c1', state }]}>
      <Page isRendered={isRendered} />
    </MemoryRouter>,
  );

describe('useArrivalFocus', () => {
  it('focuses the heading when the page is opened asking for it, once it is rendered', async () => {
    const { rerender } = open(arrivalFocus, false);
    expect(document.activeElement).toBe(document.body);
    rerender(
      <MemoryRouter initialEntries={[{ pathname: '/dashboard/collections/c1', state: arrivalFocus }]}>
        <Page isRendered />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Moon Cats' })),
    );
  });

  it('leaves the focus alone on an ordinary visit', () => {
    open(null);
    expect(document.activeElement).toBe(document.body);
  });
});
