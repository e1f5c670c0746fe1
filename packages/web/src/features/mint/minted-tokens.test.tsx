import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { MintedTokens } from './minted-tokens.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const base = 'https://layerloom.test/hosted/loom-cats/metadata/';
const placeholder = {
  name: 'Loom Cats #?',
  description: 'Revealed soon',
  image: 'https://layerloom.test/hosted/loom-cats/placeholder/abc.png',
};

/** The hosted metadata as the server answers it: the placeholder (with its header) or each token's own. */
function serve(withheld: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const id = /(\d+)\.json$/.exec(url)?.[1];
      return withheld
        ? Response.json(placeholder, { headers: { 'x-layerloom-reveal': 'pending' } })
        : Response.json({
            name: `Loom Cats #${id}`,
            image: `https://layerloom.test/hosted/loom-cats/images/${id}.png`,
          });
    }),
  );
}

function show(revealed: boolean) {
  render(
    <Providers client={createQueryClient()}>
      <MintedTokens
        tokenIds={[3n, 4n]}
        metadataBaseUri={base}
        revealed={revealed}
        collectionName="Loom Cats"
      />
    </Providers>,
  );
}

describe('MintedTokens', () => {
  it('shows the placeholder before the reveal, never the art', async () => {
    serve(true);
    show(false);
    const images = await screen.findAllByRole('img', undefined, { timeout: 10_000 });
    expect(images.map((image) => image.getAttribute('src'))).toEqual([placeholder.image, placeholder.image]);
    expect(images[0]?.getAttribute('alt')).toBe('#3, not revealed yet: Loom Cats #?');
    expect(screen.getByText('You minted tokens #3, #4. Their images appear at the reveal.')).toBeTruthy();
  });

  it('does not show art the contract has not revealed, even when the files are public', async () => {
    serve(false);
    show(false);
    expect(await screen.findAllByText('Revealed soon', undefined, { timeout: 10_000 })).toHaveLength(2);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("shows each token's own image and name once revealed", async () => {
    serve(false);
    show(true);
    const images = await screen.findAllByRole('img', undefined, { timeout: 10_000 });
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'https://layerloom.test/hosted/loom-cats/images/3.png',
      'https://layerloom.test/hosted/loom-cats/images/4.png',
    ]);
    expect(screen.getByText('Loom Cats #4')).toBeTruthy();
  });

  it("reads a drop published on IPFS through this server's own gateway", async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        const id = /(\d+)\.json$/.exec(url)?.[1];
        return Response.json({ name: `Loom Cats #${id}`, image: `ipfs://bafyimages/${id}.png` });
      }),
    );
    render(
      <Providers client={createQueryClient()}>
        <MintedTokens
          tokenIds={[5n]}
          metadataBaseUri="ipfs://bafymetadata/"
          revealed
          collectionName="Loom Cats"
        />
      </Providers>,
    );
    const image = await screen.findByRole('img', undefined, { timeout: 10_000 });
    expect(image.getAttribute('src')).toBe('/ipfs/bafyimages/5.png');
    expect(requested).toEqual(['/ipfs/bafymetadata/5.json']);
  });
});
