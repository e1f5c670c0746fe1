import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPart } from './lazy-part.ts';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPart', () => {
  it('shows the fallback until the code has loaded, then the part with its props', async () => {
    let finish: (component: typeof Greeting) => void = () => {};
    const { Part } = lazyPart(() => new Promise<typeof Greeting>((resolve) => (finish = resolve)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => finish(Greeting));
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('renders in the same pass once preloaded, without the fallback', async () => {
    let loads = 0;
    const { Part, preload } = lazyPart(async () => {
      loads += 1;
      return Greeting;
    });
    await preload();
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const { preload } = lazyPart(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return Greeting;
    });
    await expect(preload()).rejects.toThrow('offline');
    await expect(preload()).resolves.toBe(Greeting);
    expect(attempts).toBe(2);
  });
});
