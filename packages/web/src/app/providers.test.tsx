import { act, render, screen } from '@testing-library/react';
import { Button, theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from './providers.tsx';

describe('Providers', () => {
  it('gives loading buttons a spinner that keeps their name and goes away as soon as loading ends', () => {
    const view = (loading: boolean) => (
      <Providers client={createQueryClient()}>
        <Button type="primary" loading={loading}>
          Login
        </Button>
      </Providers>
    );
    const { rerender, container } = render(view(false));
    expect(container.querySelector('.anticon-loading')).toBeNull();

    act(() => rerender(view(true)));
    const spinner = container.querySelector('.anticon-loading');
    expect(spinner?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();

    act(() => rerender(view(false)));
    expect(container.querySelector('.anticon-loading')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  describe('motion', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    /** antd's motion switch as the components inside the providers read it, for a system that asks for less motion or not. */
    const motionWith = (reduce: boolean) => {
      const original = window.matchMedia;
      vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
        query === '(prefers-reduced-motion: reduce)'
          ? ({ ...original(query), matches: reduce } as MediaQueryList)
          : original(query),
      );
      let motion: boolean | undefined;
      function Probe() {
        motion = theme.useToken().token.motion;
        return null;
      }
      render(
        <Providers client={createQueryClient()}>
          <Probe />
        </Providers>,
      );
      return motion;
    };

    it('turns off antd motion (dialogs, popovers, menus and toasts open at once) when the system asks for reduced motion', () => {
      expect(motionWith(true)).toBe(false);
    });

    it('keeps it otherwise', () => {
      expect(motionWith(false)).toBe(true);
    });
  });
});
