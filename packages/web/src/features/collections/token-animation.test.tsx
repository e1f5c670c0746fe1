import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { animationFileName, TokenAnimation } from './token-animation.tsx';

const poster = '/api/v1/collections/c1/images/3.png';

describe('TokenAnimation', () => {
  it('shows an animated WebP as an image, which the browser plays', () => {
    render(
      <TokenAnimation
        src="/api/v1/collections/c1/images/3.webp"
        poster={poster}
        label="Cats #3"
        width={64}
        height={64}
      />,
    );
    const image = screen.getByRole('img', { name: 'Cats #3' });
    expect(image.getAttribute('src')).toBe('/api/v1/collections/c1/images/3.webp');
  });

  it('plays an MP4 muted and looping, with the poster until it starts', () => {
    render(
      <TokenAnimation
        src="/api/v1/collections/c1/images/3.mp4"
        poster={poster}
        label="Cats #3"
        width={64}
        height={64}
      />,
    );
    const video = screen.getByTestId('token-animation') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect([video.autoplay, video.loop, video.muted, video.controls]).toEqual([true, true, true, true]);
    expect(video.getAttribute('poster')).toBe(poster);
    expect(video.getAttribute('aria-label')).toBe('Cats #3');
    expect(animationFileName(video.getAttribute('src')!)).toBe('3.mp4');
  });
});
