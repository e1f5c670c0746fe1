import { act, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
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
});
